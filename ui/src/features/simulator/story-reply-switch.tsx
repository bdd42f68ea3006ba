import { CheckboxField } from '../../components/checkbox-field';

/**
 * The DM is a reply to the sandbox account's story, as Instagram marks one (`reply_to.story`,
 * docs/platform-apis.md §1.6): it starts "Reply to a story" flows instead of keyword DM flows.
 */
export function StoryReplySwitch({ checked, onChange, accountUsername }: { checked: boolean; onChange: (checked: boolean) => void; accountUsername: string }) {
  return (
    <div className="mt-3">
      <CheckboxField checked={checked} onChange={onChange} label={`Send it as a reply to @${accountUsername}'s story`} />
    </div>
  );
}
