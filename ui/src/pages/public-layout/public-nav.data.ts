import type { IconName } from '../../components/icon';

export interface NavLinkItem {
  label: string;
  to: string;
  description?: string;
  icon?: IconName;
}

export interface NavGroup {
  label: string;
  items: NavLinkItem[];
}

/** docs/product-spec.md §2 landing header menus; the footer repeats them. */
export const publicNavGroups: NavGroup[] = [
  {
    label: 'Product',
    items: [
      { label: 'Features', to: '/features', description: 'Everything Replypilot automates', icon: 'zap' },
      { label: 'Pricing', to: '/pricing', description: 'Plans and what each includes', icon: 'card' },
      { label: 'Templates', to: '/templates', description: 'Ready-made automation flows', icon: 'layers' },
      { label: 'Integrations', to: '/integrations', description: 'Instagram, Messenger, X and more', icon: 'link' },
      { label: 'Case Studies', to: '/case-studies', description: 'How teams grow with automation', icon: 'trending-up' },
      { label: 'Connect Accounts', to: '/connect-accounts', description: 'Link your social accounts', icon: 'globe' },
      // Signed-in pages: the description says so, and /login names the page it is opening.
      { label: 'Flow Builder', to: '/flow-builder', description: 'Design flows visually (sign in)', icon: 'workflow' },
      { label: 'Comment Growth', to: '/comment-growth', description: 'Turn comments into DMs (sign in)', icon: 'message' },
      { label: 'Unified Inbox', to: '/inbox', description: 'Every conversation in one place (sign in)', icon: 'inbox' },
    ],
  },
  {
    label: 'Resources',
    items: [
      { label: 'Resource Library', to: '/resources', description: 'Guides and playbooks', icon: 'book' },
      { label: 'Academy', to: '/academy', description: 'Courses and learning paths', icon: 'graduation' },
      { label: 'FAQ', to: '/faq', description: 'Answers to common questions', icon: 'help' },
      { label: 'Help Center', to: '/help', description: 'Setup and troubleshooting', icon: 'shield' },
      { label: 'Blog', to: '/blog', description: 'News and automation tips', icon: 'file' },
      { label: 'API Docs', to: '/api-docs', description: 'Build on the Replypilot API', icon: 'code' },
    ],
  },
  {
    label: 'Company',
    items: [
      { label: 'About', to: '/about', description: 'Who builds Replypilot', icon: 'building' },
      { label: 'Contact', to: '/contact', description: 'Talk to the team', icon: 'mail' },
      { label: 'Community', to: '/community', description: 'Meet other automators', icon: 'users' },
      { label: 'Support', to: '/support', description: 'Get help from a human', icon: 'heart' },
    ],
  },
  {
    label: 'Legal',
    items: [
      { label: 'Privacy Policy', to: '/privacy', icon: 'lock' },
      { label: 'Terms of Service', to: '/terms', icon: 'file' },
      { label: 'Cookie Policy', to: '/cookies', icon: 'shield' },
      { label: 'GDPR', to: '/gdpr', icon: 'shield' },
    ],
  },
];
