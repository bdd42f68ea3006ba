import { AskQuestionForm } from './ask-question-form';
import { BookTimeForm } from './book-time-form';
import type { ComponentType } from 'react';
import type { NodeKind } from '@contracts/flows';
import { AiReplyForm } from './ai-reply-form';
import { CaptureLeadForm } from './capture-lead-form';
import { EnrollSequenceForm } from './enroll-sequence-form';
import { ConditionForm } from './condition-form';
import { ContactDataForm } from './contact-data-form';
import { FollowGateForm } from './follow-gate-form';
import type { ConfigFormProps } from './form-types';
import { MessageForm } from './message-form';
import { RandomizerForm } from './randomizer-form';
import { TimingForm } from './timing-form';
import { TrackConversionForm } from './track-conversion-form';
import { TriggerForm } from './trigger-form';
import { WebhookForm } from './webhook-form';

function CompleteNote() {
  return (
    <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600 dark:bg-slate-800/60 dark:text-slate-400">The run ends here. Nothing to configure.</p>
  );
}

const forms: Record<NodeKind, ComponentType<ConfigFormProps>> = {
  trigger: TriggerForm,
  instagramDM: MessageForm,
  messengerDM: MessageForm,
  twitterDM: MessageForm,
  publicReply: MessageForm,
  delay: TimingForm,
  waitForReply: TimingForm,
  condition: ConditionForm,
  randomizer: RandomizerForm,
  webhook: WebhookForm,
  aiReply: AiReplyForm,
  addTag: ContactDataForm,
  removeTag: ContactDataForm,
  setField: ContactDataForm,
  trackConversion: TrackConversionForm,
  captureLead: CaptureLeadForm,
  askQuestion: AskQuestionForm,
  followGate: FollowGateForm,
  enrollSequence: EnrollSequenceForm,
  bookTime: BookTimeForm,
  complete: CompleteNote,
};

/** The configuration form of a node's kind. */
export function ConfigForm(props: ConfigFormProps) {
  const Form = forms[props.kind];
  return <Form {...props} />;
}
