export interface DocPage {
  slug: string;
  title: string;
  intro: string;
  steps: string[];
}

export const docPages: DocPage[] = [
  {
    slug: 'getting-started',
    title: 'Getting started',
    intro: 'From sign-up to your first automation.',
    steps: [
      'Create an account on the Register page, or try the live demo.',
      'Complete onboarding: plan, business details (a website is optional), knowledge base, template and tone. Its last step starts your first flow.',
      'Send a comment in the Simulator, as a pretend customer of your sandbox accounts, and watch the reply arrive in the Inbox.',
      'Connect Instagram or Messenger from Connect Accounts once they are enabled on this server (an administrator turns them on); the page says if they are not.',
    ],
  },
  {
    slug: 'instagram-setup',
    title: 'Instagram setup',
    intro: 'Instagram messaging works through a Facebook Page.',
    steps: [
      'Switch your Instagram account to a Business or Creator account.',
      'Link it to a Facebook Page you manage.',
      'In Instagram settings, allow access to messages for connected tools.',
      'Connect the Page in Replypilot and grant the requested permissions.',
    ],
  },
  {
    slug: 'automation-rules',
    title: 'Automation rules',
    intro: 'How Replypilot decides what to send.',
    steps: [
      'A waiting flow for this contact gets the reply first.',
      'Then comment rules whose keywords match the comment.',
      'Then keyword triggers of active flows.',
      'Each comment gets at most one private reply, as Meta allows.',
    ],
  },
  {
    slug: 'troubleshooting',
    title: 'Troubleshooting',
    intro: 'Replies not going out? Check these in order.',
    steps: [
      'Open /system-test to confirm the server, database and WebSocket are healthy.',
      'Check the account is still connected and its token is valid.',
      'Check Meta’s 24-hour messaging window for the conversation.',
      'Look at the run history of the flow for the failing step.',
    ],
  },
];
