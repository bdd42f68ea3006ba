import { LegalDocument, type LegalSection } from './legal-document';

const sections: LegalSection[] = [
  { heading: 'What Cookies We Use', paragraphs: ['One essential session cookie keeps you signed in. It is HTTP-only and cannot be read by scripts.'] },
  { heading: 'Local Storage', paragraphs: ['Your theme preference (light, dark or system) is stored in your browser’s local storage.'] },
  { heading: 'Analytics', paragraphs: ['We do not set advertising cookies. If optional analytics are enabled on an installation, they load only on demand.'] },
  { heading: 'Managing Cookies', paragraphs: ['You can clear cookies in your browser settings; you will be signed out.'] },
];

export function CookiesPage() {
  return <LegalDocument title="Cookie Policy" lastUpdated="January 25, 2025" sections={sections} />;
}
