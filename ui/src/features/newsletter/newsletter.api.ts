import type { NewsletterResponse } from '@contracts/newsletter';
import { apiPost } from '../../lib/api';

export const subscribeToNewsletter = (email: string) => apiPost<NewsletterResponse>('/api/newsletter/subscribe', { email });
