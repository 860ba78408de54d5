import { PAGE_PATHS } from '@contracts/routes';
import {
  ArrowRight,
  BadgeCheck,
  Building2,
  CarFront,
  Gauge,
  type LucideIcon,
  MessageSquareText,
  ShieldCheck,
  Wrench,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { LogoMark } from '@/components/logo';
import { buttonClasses } from '@/components/ui/button';
import { brand, smsHref } from '@/lib/brand';
import { usePageMeta } from '@/lib/use-page-meta';
import { LANDING } from './landing-content';

const BENEFIT_ICONS = [Gauge, Wrench, BadgeCheck];
const STEP_ICONS = [CarFront, Wrench, ShieldCheck];

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();

function TextUsButton({ className }: { className?: string }) {
  return (
    <a href={smsHref} className={buttonClasses('accent', 'lg', className)}>
      <MessageSquareText aria-hidden="true" className="h-5 w-5" />
      {LANDING.textUs}
    </a>
  );
}

/**
 * A part of the landing page under the hero: its band (`className`), heading and lead line, then
 * its cards in three columns (`ordered`: numbered steps, a list).
 */
function LandingSection({
  id,
  title,
  lead,
  className,
  ordered = false,
  children,
}: {
  id: string;
  title: ReactNode;
  lead?: ReactNode;
  className?: string;
  ordered?: boolean;
  children: ReactNode;
}) {
  const Cards = ordered ? 'ol' : 'div';
  return (
    <section aria-labelledby={`${id}-title`} className={className}>
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
        <h2 id={`${id}-title`} className="text-3xl font-bold tracking-tight">
          {title}
        </h2>
        {lead ? <p className="mt-3 max-w-2xl text-lg text-slate-600">{lead}</p> : null}
        <Cards className="mt-10 grid gap-6 md:grid-cols-3">{children}</Cards>
      </div>
    </section>
  );
}

/** A numbered or plain card of the landing page: its icon, title and text. */
function LandingTile({
  icon: Icon,
  step,
  title,
  text,
}: {
  icon: LucideIcon;
  step?: number;
  title: string;
  text: string;
}) {
  return (
    <>
      {step ? <span className="text-sm font-semibold text-brand-600">Step {step}</span> : null}
      <Icon aria-hidden="true" className={step ? 'mt-3 h-8 w-8 text-slate-900' : 'h-8 w-8 text-brand-600'} />
      <h3 className={step ? 'mt-3 text-xl font-semibold' : 'mt-4 text-xl font-semibold'}>{title}</h3>
      <p className="mt-2 leading-relaxed text-slate-600">{text}</p>
    </>
  );
}

export function LandingPage() {
  usePageMeta('home');
  return (
    <>
      <section className="bg-ink text-white">
        <div className="mx-auto grid max-w-7xl gap-12 px-4 pb-16 pt-12 sm:px-6 sm:pb-24 sm:pt-20 lg:grid-cols-[1fr_22rem] lg:items-center">
          <div>
            <div className="flex items-center gap-3">
              <LogoMark className="h-12 w-12 ring-1 ring-white/20 rounded-lg" />
              <span className="text-lg font-semibold tracking-tight text-slate-200">{brand.productName}</span>
            </div>
            <h1 className="mt-8 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-6xl">
              {LANDING.headline}
            </h1>
            <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-300">{LANDING.lead}</p>
            <div className="mt-10 flex flex-col gap-3 sm:flex-row">
              <Link href={PAGE_PATHS.inventory} className={buttonClasses('light', 'lg')}>
                {LANDING.viewListings}
                <ArrowRight aria-hidden="true" className="h-5 w-5" />
              </Link>
              <TextUsButton />
            </div>
            <p className="mt-4 text-sm text-slate-300">{LANDING.skipForms}</p>
          </div>
          <ul className="hidden gap-4 rounded-2xl bg-white/5 p-6 ring-1 ring-white/10 lg:grid">
            {LANDING.promises.map((promise) => (
              <li key={promise} className="flex items-start gap-3 text-slate-200">
                <BadgeCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-accent" />
                <span>{promise}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="trusted-title" className="border-b border-slate-200 bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
          <h2 id="trusted-title" className="text-center text-lg font-semibold tracking-tight text-slate-700">
            {LANDING.trustedTitle}
          </h2>
          <ul className="mt-8 grid grid-cols-2 gap-4 lg:grid-cols-4">
            {brand.partners.map((partner) => (
              <li
                key={partner.label}
                className="flex flex-col items-center gap-2 rounded-xl border border-slate-200 bg-white p-5 text-center"
              >
                <span
                  aria-hidden="true"
                  className="flex h-12 w-12 items-center justify-center rounded-full bg-slate-900 text-sm font-bold text-white"
                >
                  {initials(partner.name)}
                </span>
                <span className="font-semibold text-slate-900">{partner.name}</span>
                <span className="text-sm text-slate-600">{partner.label}</span>
              </li>
            ))}
            <li className="flex flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-slate-300 bg-white p-5 text-center">
              <Building2 aria-hidden="true" className="h-8 w-8 text-brand-600" />
              <span className="font-semibold text-slate-900">{LANDING.morePartners}</span>
            </li>
          </ul>
        </div>
      </section>

      <LandingSection id="benefits" title={LANDING.benefitsTitle}>
        {LANDING.benefits.map((benefit, i) => (
          <article key={benefit.title} className="rounded-2xl border border-slate-200 p-6">
            <LandingTile icon={BENEFIT_ICONS[i] ?? Gauge} title={benefit.title} text={benefit.text} />
          </article>
        ))}
      </LandingSection>

      <LandingSection
        id="buyer-free"
        title={LANDING.buyerFreeTitle}
        lead={LANDING.buyerFreeLead}
        className="bg-slate-50"
      >
        {LANDING.dealerTypes.map((type) => (
          <article key={type.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <h3 className="text-lg font-semibold">{type.title}</h3>
            <p className="mt-2 leading-relaxed text-slate-600">{type.text}</p>
          </article>
        ))}
      </LandingSection>

      <LandingSection id="steps" title={LANDING.stepsTitle} ordered>
        {LANDING.steps.map((step, i) => (
          <li key={step.title} className="relative rounded-2xl border border-slate-200 p-6">
            <LandingTile icon={STEP_ICONS[i] ?? CarFront} step={i + 1} title={step.title} text={step.text} />
          </li>
        ))}
      </LandingSection>

      <section aria-labelledby="cta-title" className="bg-brand-800 text-white">
        <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 py-16 sm:px-6 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="cta-title" className="text-3xl font-bold tracking-tight">
              {LANDING.ctaTitle}
            </h2>
            <p className="mt-2 text-brand-100">{LANDING.ctaText}</p>
          </div>
          <div className="flex flex-col items-start gap-3 md:items-end">
            <TextUsButton />
            <Link
              href={PAGE_PATHS.dealerLogin}
              className="text-sm font-semibold text-white underline underline-offset-4"
            >
              {LANDING.portalLink}
            </Link>
          </div>
        </div>
      </section>

      <Link
        href={PAGE_PATHS.inventory}
        className={buttonClasses(
          'primary',
          'lg',
          'fixed bottom-4 right-4 z-30 rounded-full shadow-lg md:hidden',
        )}
        data-testid="floating-view-listings"
      >
        <CarFront aria-hidden="true" className="h-5 w-5" />
        {LANDING.viewListings}
      </Link>
    </>
  );
}
