import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button';
import { useToast } from '../../components/toast/use-toast';
import { inputClasses } from '../../components/input.styles';
import { ApiError } from '../../lib/api';
import { subscribeToNewsletter } from './newsletter.api';

// docs/product-spec.md §5: text, @, text, dot, text.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Footer newsletter sign-up. Feedback is the app's toasts (the error catalogue's texts, docs/product-spec.md §8), not browser alerts. */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [subscribing, setSubscribing] = useState(false);
  const { toast } = useToast();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = email.trim();
    if (!trimmed) {
      toast({ title: 'Please enter your email address', variant: 'destructive' });
      return;
    }
    if (!EMAIL_PATTERN.test(trimmed)) {
      toast({ title: 'Please enter a valid email address', variant: 'destructive' });
      return;
    }
    setSubscribing(true);
    try {
      await subscribeToNewsletter(trimmed);
      toast({
        title: 'Subscribed',
        description: "Thank you for subscribing! You'll receive updates about new features and automation tips.",
        variant: 'success',
      });
      setEmail('');
    } catch (err) {
      toast({
        title: 'Subscription failed',
        description:
          err instanceof ApiError
            ? (err.serverMessage() ?? 'Failed to subscribe. Please try again.')
            : 'Network error. Please check your connection and try again.',
        variant: 'destructive',
      });
    } finally {
      setSubscribing(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="flex w-full flex-col gap-2 sm:flex-row">
      <label htmlFor="newsletter-email" className="sr-only">
        Email address for newsletter
      </label>
      <input
        id="newsletter-email"
        type="email"
        autoComplete="email"
        placeholder="you@company.com"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        className={inputClasses(false, 'sm:max-w-xs')}
      />
      <Button type="submit" disabled={subscribing} className="shrink-0">
        {subscribing ? 'Subscribing...' : 'Subscribe'}
      </Button>
    </form>
  );
}
