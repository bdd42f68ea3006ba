/** One compiler finding; nodeId null = about the whole flow. */
export interface FlowError {
  nodeId: string | null;
  edgeId?: string | null;
  code: FlowErrorCode;
  message: string;
}
export type FlowErrorCode =
  | 'no_trigger'
  | 'multiple_triggers'
  | 'unknown_kind'
  | 'invalid_config'
  | 'dangling_edge'
  | 'unreachable'
  | 'missing_branch'
  | 'unknown_branch'
  | 'multiple_exits'
  | 'cycle_without_wait'
  | 'trigger_has_input'
  | 'channel_mismatch'
  | 'public_reply_needs_comment'
  | 'outside_window'
  | 'trigger_needs_keywords'
  /** Quick replies or buttons the message's channel can't carry, or more than it allows. */
  | 'reply_options'
  /** A postback or referral trigger on a channel that has none (X). */
  | 'trigger_needs_meta';

/** POST /api/flows/validate answer; also `details` of a 400 when publishing an invalid flow. */
export interface FlowValidation {
  valid: boolean;
  errors: FlowError[];
}
