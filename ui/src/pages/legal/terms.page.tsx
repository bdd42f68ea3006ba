import { LegalDocument, type LegalSection } from './legal-document';

const sections: LegalSection[] = [
  {
    heading: 'Acceptance of Terms',
    paragraphs: [
      'By creating an account or using Replypilot you agree to these Terms of Service. If you use Replypilot on behalf of an organisation, you accept them for that organisation.',
    ],
  },
  {
    heading: 'Description of Service',
    paragraphs: [
      'Replypilot automates replies to comments and direct messages on Instagram, Facebook Messenger and X, and provides an inbox, flow builder, templates, lead tracking, analytics and an AI assistant.',
    ],
  },
  {
    heading: 'Accounts and Security',
    paragraphs: ['You are responsible for your credentials and for all activity under your account. Tell us promptly about any unauthorised use.'],
  },
  {
    heading: 'Acceptable Use',
    paragraphs: [
      'You may not use Replypilot to send spam, to harass people, or in breach of the policies of Meta, X or any other connected platform. We may suspend automations that put accounts at risk.',
    ],
  },
  {
    heading: 'Third-Party Platforms',
    paragraphs: [
      'Connected platforms are governed by their own terms. Their availability, limits and policies may change, and we are not responsible for their decisions.',
    ],
  },
  {
    heading: 'Subscriptions and Billing',
    paragraphs: [
      'Plans are billed monthly or annually in advance. You can cancel any time and keep access until the end of the paid period. Usage over your plan is billed as overage; automations are never stopped for it.',
    ],
  },
  {
    heading: 'Your Content and Data',
    paragraphs: [
      'You own the content you and your contacts create. You grant us the permissions needed to operate the service for you. Our Privacy Policy explains how we handle personal data.',
    ],
  },
  {
    heading: 'Service Availability',
    paragraphs: ['We target 99.9% uptime but do not guarantee uninterrupted service. Planned maintenance is announced in advance where possible.'],
  },
  {
    heading: 'Limitation of Liability',
    paragraphs: [
      'To the extent permitted by law, our total liability is limited to the fees you paid in the 12 months before the claim. We are not liable for indirect or consequential losses.',
    ],
  },
  { heading: 'Changes and Contact', paragraphs: ['We may update these terms and will notify you of material changes. Questions: support@replypilot.app.'] },
];

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      lastUpdated="January 25, 2025"
      intro="These terms govern your use of Replypilot. Please read them carefully."
      sections={sections}
    />
  );
}
