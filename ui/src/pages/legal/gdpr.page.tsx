import { LegalDocument, type LegalSection } from './legal-document';

const sections: LegalSection[] = [
  {
    heading: 'Controller and Processor',
    paragraphs: [
      'For your account data we are the controller. For the contact data your automations process, you are the controller and we act as your processor.',
    ],
  },
  { heading: 'Legal Bases', paragraphs: ['We process account data to perform our contract with you, and security logs under legitimate interest.'] },
  {
    heading: 'Data Subject Rights',
    paragraphs: ['Access, rectification, erasure, restriction, portability and objection. Email support@replypilot.app and we answer within 30 days.'],
  },
  {
    heading: 'International Transfers',
    paragraphs: ['Where data leaves the EEA we rely on Standard Contractual Clauses. Self-hosted installations keep data wherever you run them.'],
  },
  { heading: 'Data Processing Agreement', paragraphs: ['A DPA is available on request for business customers.'] },
];

export function GdprPage() {
  return <LegalDocument title="GDPR" lastUpdated="January 25, 2025" sections={sections} />;
}
