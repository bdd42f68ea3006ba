import { useState, type ComponentProps } from 'react';
import { Icon } from './icon';
import { TextField } from './text-field';

type PasswordFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'trailing'>;

/** A password input with a show/hide toggle. */
export function PasswordField({ label, ...rest }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      label={label}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={`${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
          aria-pressed={visible}
          className="rounded-md p-1.5 text-slate-400 hover:text-slate-600 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:text-slate-200"
        >
          <Icon name={visible ? 'eye-off' : 'eye'} size={18} />
        </button>
      }
      {...rest}
    />
  );
}
