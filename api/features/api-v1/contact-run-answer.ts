import type { ContactRunRefusal } from '../../../db/flows/start-contact-run';
import { AppError } from '../../http/errors';

/** startContactRun's answer as the API's: the run, or the app's error for each refusal. */
export function contactRunAnswer(started: ContactRunRefusal | { runId: string }): { runId: string } {
  if (started === 'flow_not_found') throw new AppError('NOT_FOUND', 'Flow not found');
  if (started === 'contact_not_found') throw new AppError('NOT_FOUND', 'Contact not found');
  if (started === 'flow_inactive') throw new AppError('CONFLICT', 'This flow is not active: publish and turn it on first');
  if (started === 'wrong_platform') throw new AppError('CONFLICT', "This flow does not run on this contact's platform");
  if (started === 'live_run_exists') throw new AppError('CONFLICT', 'This contact is already in a live run of this flow');
  return started;
}
