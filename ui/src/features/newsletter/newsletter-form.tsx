import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button';
import { inputClasses } from '../../components/input.styles';
import { ApiError } from '../../lib/api';
import { subscribeToNewsletter } from './newsletter.api';

// docs/product-spec.md §5: text, @, text, dot, text.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Footer newsletter sign-up. Feedback uses browser alerts, as the error catalogue says (docs/product-spec.md §8). */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [subscribing, setSubscribing] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = email.trim();
    if (!trimmed) {
      window.alert('Please enter your email address');
      return;
    }
    if (!EMAIL_PATTERN.test(trimmed)) {
      window.alert('Please enter a valid email address');
      return;
    }
    setSubscribing(true);
    try {
      await subscribeToNewsletter(trimmed);
      window.alert("Thank you for subscribing! You'll receive updates about new features and automation tips.");
      setEmail('');
    } catch (err) {
      window.alert(
        err instanceof ApiError
          ? (err.serverMessage() ?? 'Failed to subscribe. Please try again.')
          : 'Network error. Please check your connection and try again.',
      );
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
