import type { ContactEnrollment, CreateSequenceBody, Enrollment, Sequence, SequenceFunnel, UpdateSequenceBody } from '@contracts/sequences';
import { apiGet, apiPost, apiRequest } from '../../lib/api';

const at = (id: string) => `/api/sequences/${encodeURIComponent(id)}`;

export const sequenceKeys = {
  list: ['sequences'] as const,
  enrollments: (id: string) => ['sequences', id, 'enrollments'] as const,
  funnel: (id: string) => ['sequences', id, 'funnel'] as const,
  funnels: ['sequences', 'funnels'] as const,
  contact: (contactId: string) => ['sequences', 'contact', contactId] as const,
};

export const fetchSequences = () => apiGet<{ sequences: Sequence[] }>('/api/sequences');
export const createSequence = (body: CreateSequenceBody) => apiPost<Sequence>('/api/sequences', body);
export const updateSequence = (id: string, body: UpdateSequenceBody) => apiRequest<Sequence>('PATCH', at(id), body);
export const deleteSequence = (id: string) => apiRequest<void>('DELETE', at(id));
export const fetchEnrollments = (id: string) => apiGet<{ enrollments: Enrollment[] }>(`${at(id)}/enrollments`);
export const fetchFunnel = (id: string) => apiGet<SequenceFunnel>(`${at(id)}/funnel`);
export const fetchFunnels = () => apiGet<{ sequences: { sequenceId: string; name: string; funnel: SequenceFunnel }[] }>('/api/sequences/funnels');
export const fetchContactEnrollments = (contactId: string) =>
  apiGet<{ enrollments: ContactEnrollment[] }>(`/api/sequences/contacts/${encodeURIComponent(contactId)}`);
export const enroll = (id: string, contactId: string) => apiPost<{ enrollmentId: string; created: boolean }>(`${at(id)}/enrollments`, { contactId });
export const unenroll = (id: string, contactId: string) => apiRequest<void>('DELETE', `${at(id)}/enrollments/${encodeURIComponent(contactId)}`);
