import { LegalDocument, type LegalSection } from './legal-document';

const sections: LegalSection[] = [
  {
    heading: 'Information We Collect',
    paragraphs: [
      'Account details (name, email, profile image), the messages and comments your connected accounts receive and send, and basic usage data needed to run the service.',
    ],
  },
  {
    heading: 'How We Use Information',
    paragraphs: ['To run your automations, show your inbox and analytics, provide support, and keep the service secure. We do not sell personal data.'],
  },
  {
    heading: 'Platform Data',
    paragraphs: [
      'Data from Instagram, Facebook and X is used only to provide the features you enable, as those platforms’ developer policies require. Access tokens are encrypted at rest.',
    ],
  },
  {
    heading: 'Sharing',
    paragraphs: ['We share data only with processors that help us run the service (hosting, email), under contract, or when the law requires it.'],
  },
  {
    heading: 'Retention',
    paragraphs: ['We keep data while your account is active and delete it after account deletion, except where we must keep records by law.'],
  },
  { heading: 'Your Rights', paragraphs: ['You can access, correct, export or delete your data. See our GDPR page or contact support@replypilot.app.'] },
  { heading: 'Contact', paragraphs: ['Privacy questions: support@replypilot.app.'] },
];

export function PrivacyPage() {
  return <LegalDocument title="Privacy Policy" lastUpdated="January 25, 2025" sections={sections} />;
}
