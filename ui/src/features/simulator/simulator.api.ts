import type { z } from 'zod';
import type { OutboxItem, simulatedContactSchema, SimulatedEventAccepted, SimulatorState } from '@contracts/simulator';
import { apiGet, apiPost } from '../../lib/api';

export type SimContact = z.infer<typeof simulatedContactSchema>;

export interface SimCommentBody {
  accountId: string;
  /** The post's externalId (what the platform calls it). */
  postId: string;
  contact: SimContact;
  text: string;
  commentId?: string;
}

export interface SimMessageBody {
  accountId: string;
  contact: SimContact;
  text: string;
  storyReply?: boolean;
}

export const fetchSimulatorState = () => apiGet<SimulatorState>('/api/simulator');
export const postSimComment = (body: SimCommentBody) => apiPost<SimulatedEventAccepted>('/api/simulator/comments', body);
export const postSimMessage = (body: SimMessageBody) => apiPost<SimulatedEventAccepted>('/api/simulator/messages', body);
export const fetchOutbox = (accountId: string) => apiGet<OutboxItem[]>(`/api/simulator/outbox?accountId=${encodeURIComponent(accountId)}`);
