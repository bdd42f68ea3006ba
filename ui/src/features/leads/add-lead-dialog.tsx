import { Dialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { leadSources, NAME_OR_EMAIL_MESSAGE, type LeadSource } from '@contracts/leads';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api';
import { sourceLabels } from './lead-format';
import { useCreateLead } from './use-leads';

// An imported lead comes from a contact import, not from this form.
const sourceOptions = leadSources.filter((s) => s !== 'import').map((s) => ({ value: s, label: sourceLabels[s] }));

/** docs/product-spec.md §2: adding asks for name, email and source (default manual); §5: a name or an email, else nothing is sent. */
export function AddLeadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [source, setSource] = useState<LeadSource>('manual');
  const [error, setError] = useState<string | undefined>();
  const create = useCreateLead();
  const { toast } = useToast();
  const blank = !name.trim() && !email.trim();

  function close() {
    setName('');
    setEmail('');
    setSource('manual');
    setError(undefined);
    onClose();
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (blank) return setError(NAME_OR_EMAIL_MESSAGE);
    create.mutate(
      { name: name.trim() || undefined, email: email.trim() || undefined, source },
      {
        onSuccess: () => {
          toast({ title: 'Lead created successfully', variant: 'success' });
          close();
        },
        onError: (err) => {
          const message = errorMessage(err, 'Failed to create lead');
          setError(message);
          toast({ title: 'Error', description: message, variant: 'destructive' });
        },
      },
    );
  }

  return (
    <Dialog open={open} onClose={close} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40 backdrop-blur-sm" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-700 dark:bg-slate-900">
          <DialogTitle className="text-base font-semibold text-slate-900 dark:text-white">Add Lead</DialogTitle>
          <Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            A name or an email is enough; an email you already have updates that lead.
          </Description>
          <form onSubmit={submit} className="mt-5 space-y-4" noValidate>
            <TextField label="Name" value={name} onChange={(e) => (setName(e.target.value), setError(undefined))} autoComplete="off" maxLength={200} />
            <TextField
              label="Email"
              type="email"
              value={email}
              onChange={(e) => (setEmail(e.target.value), setError(undefined))}
              autoComplete="off"
              maxLength={320}
              error={error}
            />
            <SelectField label="Source" options={sourceOptions} value={source} onChange={(e) => setSource(e.target.value as LeadSource)} />
            <div className="flex justify-end gap-2 pt-2">
              <Button variant="outline" onClick={close} disabled={create.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={blank} loading={create.isPending}>
                Add Lead
              </Button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
