import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button';
import { inputClasses } from '../../components/input.styles';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { SUPPORT_EMAIL } from '../../lib/support-contact';

const empty = { firstName: '', lastName: '', email: '', company: '', reason: 'General Inquiry', subject: '', message: '' };

/**
 * There is no contact API; rather than pretend to send, the form opens the visitor's mail app with the
 * message filled in.
 */
export function ContactForm() {
  const [values, setValues] = useState(empty);
  const [opened, setOpened] = useState(false);
  const set = (field: keyof typeof empty) => (value: string) => setValues((prev) => ({ ...prev, [field]: value }));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { firstName, lastName, email, subject, message } = values;
    if (![firstName, lastName, email, subject, message].every((v) => v.trim())) {
      window.alert('Please fill in all fields');
      return;
    }
    const body = `${message}\n\n— ${firstName} ${lastName}${values.company ? `, ${values.company}` : ''} <${email}>\nReason: ${values.reason}`;
    window.location.href = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
    setOpened(true);
  }

  return (
    <form id="contact-form" onSubmit={handleSubmit} noValidate className="scroll-mt-24 space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" value={values.firstName} onChange={(e) => set('firstName')(e.target.value)} />
        <TextField label="Last name" value={values.lastName} onChange={(e) => set('lastName')(e.target.value)} />
      </div>
      <TextField label="Email" type="email" value={values.email} onChange={(e) => set('email')(e.target.value)} />
      <TextField label="Company (optional)" value={values.company} onChange={(e) => set('company')(e.target.value)} />
      <SelectField
        label="Reason"
        value={values.reason}
        onChange={(e) => set('reason')(e.target.value)}
        options={['General Inquiry', 'Partnership', 'Enterprise'].map((r) => ({ value: r, label: r }))}
      />
      <TextField label="Subject" value={values.subject} onChange={(e) => set('subject')(e.target.value)} />
      <div>
        <label htmlFor="contact-message" className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300">
          Message
        </label>
        <textarea id="contact-message" rows={5} value={values.message} onChange={(e) => set('message')(e.target.value)} className={inputClasses(false)} />
      </div>
      <Button type="submit" size="lg" className="w-full sm:w-auto">
        Send Message
      </Button>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {opened
          ? `Your mail app should have opened with the message. If it didn't, email ${SUPPORT_EMAIL} directly.`
          : `Sending opens your mail app addressed to ${SUPPORT_EMAIL}.`}
      </p>
    </form>
  );
}
