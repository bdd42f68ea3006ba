import { ButtonLink } from '../../components/button-link';
import { Icon } from '../../components/icon';

export function LandingCta() {
  return (
    <section className="px-4 pb-20 sm:px-6 lg:px-8">
      <div className="relative mx-auto max-w-7xl overflow-hidden rounded-3xl bg-gradient-to-br from-indigo-600 via-indigo-700 to-violet-700 px-6 py-16 text-center sm:px-16">
        <div aria-hidden="true" className="absolute -top-24 -right-24 h-72 w-72 rounded-full bg-violet-400/30 blur-3xl" />
        <h2 className="relative text-3xl font-semibold tracking-tight text-white sm:text-4xl">Ready to stop answering “price?” by hand?</h2>
        <p className="relative mx-auto mt-4 max-w-xl text-indigo-100">Set up your first automation in minutes. Free to start, no card needed.</p>
        <div className="relative mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink to="/register" variant="white" size="lg">
            Start free
            <Icon name="arrow-right" size={18} />
          </ButtonLink>
          <ButtonLink
            to="/test-login"
            size="lg"
            className="bg-white/10 text-white ring-1 ring-white/30 hover:bg-white/20 dark:bg-white/10 dark:hover:bg-white/20"
          >
            Try Live Demo
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
