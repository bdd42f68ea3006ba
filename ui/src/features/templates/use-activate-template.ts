import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { FlowTemplate, TemplatePlatform } from '@contracts/templates';
import { useToast } from '../../components/toast/use-toast';
import { ApiError, errorMessage } from '../../lib/api';
import { flowKeys } from '../flows/flows.keys';
import { activateTemplate } from './templates.api';

/**
 * Activate → a draft flow, then the editor (docs/product-spec.md §8 Activation toasts). Signed out
 * (401 or an 'Unauthorized' message, §6) is 'Login Required', not a failure of the template.
 */
export function useActivateTemplate() {
  const { toast } = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (template: FlowTemplate & { platform?: TemplatePlatform }) => activateTemplate(template.id, template.platform),
    onSuccess: async ({ flowId }, template) => {
      toast({ title: 'Template Activated', description: `“${template.name}” is now a draft in your flows.`, variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: flowKeys.all });
      await navigate(`/flows/${flowId}`);
    },
    onError: (err) => {
      const unauthorized = (err instanceof ApiError && err.status === 401) || /unauthorized/i.test(err.message);
      if (unauthorized) toast({ title: 'Login Required', description: 'Please log in to activate templates', variant: 'destructive' });
      else toast({ title: 'Activation Failed', description: errorMessage(err, 'Failed to activate template'), variant: 'destructive' });
    },
  });
}
