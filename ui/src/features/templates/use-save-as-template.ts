import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api';
import { saveFlowAsTemplate } from './templates.api';

/** "Save as template" in the flow editor: the saved flow becomes a workspace template (My Templates on /templates). */
export function useSaveAsTemplate() {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ flowId, name }: { flowId: string; name: string }) => saveFlowAsTemplate(flowId, name),
    onSuccess: async (template) => {
      toast({ title: 'Saved as Template', description: `“${template.name}” is in My Templates on the Templates page.`, variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['templates'] });
    },
    onError: (err) => toast({ title: 'Could Not Save Template', description: errorMessage(err, 'Failed to save the template'), variant: 'destructive' }),
  });
}
