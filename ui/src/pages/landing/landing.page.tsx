import { SupportChatWidget } from '../../features/support-chat/support-chat-widget';
import { LandingCta } from './landing-cta';
import { LandingFeatures } from './landing-features';
import { LandingHero } from './landing-hero';
import { LandingPlatforms } from './landing-platforms';
import { LandingResults } from './landing-results';

export function LandingPage() {
  return (
    <>
      <LandingHero />
      <LandingPlatforms />
      <LandingFeatures />
      <LandingResults />
      <LandingCta />
      <SupportChatWidget />
    </>
  );
}
