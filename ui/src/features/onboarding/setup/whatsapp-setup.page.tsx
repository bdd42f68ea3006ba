import { SetupGuide } from './setup-guide';

/** /whatsapp/setup: WhatsApp Business is named in the product but has no channel yet (docs/product-spec.md §1), so this says what it will need. */
export function WhatsAppSetupPage() {
  return (
    <SetupGuide
      icon="whatsapp"
      title="WhatsApp Business"
      intro="Replypilot can't send on WhatsApp yet. Here is what connecting it will need, so you can prepare; meanwhile your automations run on Instagram, Messenger and X."
      steps={[
        { title: 'A WhatsApp Business Account', body: 'Created in Meta Business Suite, with a verified business.' },
        { title: 'A phone number for the API', body: 'A number not already used in the WhatsApp app, able to receive a verification SMS or call.' },
        {
          title: 'Approved message templates',
          body: 'WhatsApp only allows free-form replies for 24 hours after a customer writes; anything later needs a pre-approved template.',
        },
        { title: 'The same Meta app as Facebook', body: 'Add the WhatsApp product to the Meta app this server uses for Instagram and Messenger.' },
      ]}
    />
  );
}
