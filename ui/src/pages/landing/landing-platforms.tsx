import { Icon } from '../../components/icon';

export function LandingPlatforms() {
  return (
    <section aria-label="Supported platforms" className="border-y border-slate-200 py-8 dark:border-slate-800">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-10 gap-y-4 px-4 text-slate-500 dark:text-slate-400">
        <span className="text-sm">Works with</span>
        <span className="inline-flex items-center gap-2 font-medium">
          <Icon name="instagram" /> Instagram
        </span>
        <span className="inline-flex items-center gap-2 font-medium">
          <Icon name="facebook" /> Facebook Messenger
        </span>
        <span className="inline-flex items-center gap-2 font-medium">
          <Icon name="x-brand" /> X (Twitter)
        </span>
        <span className="inline-flex items-center gap-2 text-sm">
          <Icon name="whatsapp" size={18} /> WhatsApp Business — coming soon
        </span>
      </div>
    </section>
  );
}
