import { Badge } from '../components/badge';
import { MarketingHero } from './marketing-hero';
import { PageSection } from './page-section';

// Two sample posts (docs/product-spec.md §2: static, hard-coded sample content).
const posts = [
  {
    slug: 'comment-to-dm-playbook',
    title: 'The comment-to-DM playbook: turning “price?” into sales',
    excerpt: 'How keyword triggers, one private reply and a short follow-up sequence convert casual commenters into customers.',
    author: 'Replypilot Team',
    date: 'January 20, 2025',
    readTime: '6 min read',
    category: 'Playbooks',
    gradient: 'from-indigo-500 to-violet-500',
  },
  {
    slug: 'messaging-windows-explained',
    title: 'Meta’s 24-hour messaging window, explained',
    excerpt: 'What you can send, when, and how automations stay inside the rules without losing the conversation.',
    author: 'Replypilot Team',
    date: 'January 12, 2025',
    readTime: '4 min read',
    category: 'Guides',
    gradient: 'from-pink-500 to-orange-400',
  },
];

export function BlogPage() {
  return (
    <>
      <MarketingHero eyebrow="Blog" title="Automation tips and product news" description="Playbooks, platform guides and what's new in Replypilot." />
      <PageSection>
        <div className="grid gap-8 md:grid-cols-2">
          {posts.map((post) => (
            <article key={post.slug} className="overflow-hidden rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
              <div className={`h-44 bg-gradient-to-br ${post.gradient}`} role="img" aria-label={`${post.category} illustration`} />
              <div className="p-6">
                <Badge tone="brand">{post.category}</Badge>
                <h2 className="mt-3 text-xl font-semibold text-slate-900 dark:text-white">{post.title}</h2>
                <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{post.excerpt}</p>
                <p className="mt-4 text-xs text-slate-500 dark:text-slate-400">
                  {post.author} · {post.date} · {post.readTime}
                </p>
              </div>
            </article>
          ))}
        </div>
      </PageSection>
    </>
  );
}
