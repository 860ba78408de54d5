import { ALERT_TEXT } from '@contracts/alert-delivery-texts';
import { BUY_ORDER_TEXT, SAVED_SEARCH_TEXT } from '@contracts/buy-orders';
import { dealerPartId } from '@contracts/dealer-dashboard';
import { FLOOR_PLAN_TEXT } from '@contracts/delivery';
import { FIRST_LOOK_TEXT } from '@contracts/listing-texts';
import { WATCHLIST_TEXT } from '@contracts/watchlist-texts';
import { WORK_ORDER_TEXT } from '@contracts/work-order-texts';
import {
  Clock,
  Clock3,
  Eye,
  FileText,
  Handshake,
  Inbox,
  Landmark,
  Receipt,
  Search,
  Target,
  Truck,
  Users,
  Wrench,
} from 'lucide-react';
import type { SectionHeading, SectionSpec } from '@/components/ui/query-states';
import type { PagedSectionSpec } from './components/dashboard/dashboard-paged-section';

/**
 * The dashboard's cards, each worded once: its anchor (the contract's table,
 * contracts/dealer-dashboard.ts DEALER_DASHBOARD_SECTIONS, names it and the section it is in: links
 * and e-mails lead to `#id`), icon, heading and intro, and for a card that reads a query of its own, what its read
 * says while it loads, when it fails and when there is nothing (a paged list's: also when the session has ended).
 */
export const DASHBOARD_SECTIONS = {
  needsYou: {
    id: dealerPartId('needsYou'),
    icon: Inbox,
    title: 'Needs you',
    intro: 'What you owe and what waits on you, the soonest first. Each opens where you act on it.',
  },
  transactions: {
    id: dealerPartId('transactions'),
    icon: Receipt,
    title: 'Recent transactions',
    intro: 'Each purchase: what it costs, what is paid and due, its title, pickup, claims and timeline.',
  },
  offers: {
    id: dealerPartId('offers'),
    icon: Handshake,
    title: 'My Offers',
    intro: 'Your offers, the time left on each, and our counter offers to answer.',
    loading: 'Loading offers…',
    failed: 'Could not load offers:',
    signedOut: 'Your session has ended: sign in again to see your offers.',
    empty: (
      <p className="mt-3 text-sm text-slate-600">
        No offers yet. Make an offer on any listing with your buy code.
      </p>
    ),
  },
  deliveries: {
    id: dealerPartId('deliveries'),
    icon: Truck,
    title: 'Deliveries',
    intro:
      'Where each car you bought is: its pickup or certified delivery, the floor plan paying for it, and the delivery to confirm when it arrives.',
  },
  documents: {
    id: dealerPartId('documents'),
    icon: FileText,
    title: 'Documents',
    intro: 'The bill of sale of each purchase, its title and the gate pass that releases the car.',
  },
  yourTeam: {
    id: dealerPartId('yourTeam'),
    icon: Users,
    title: 'Your team',
    intro: 'Invite buyers and viewers, set their limits, and manage their access.',
  },
  alertSchedule: {
    id: dealerPartId('alertSchedule'),
    icon: Clock3,
    title: ALERT_TEXT.scheduleTitle,
    intro: ALERT_TEXT.scheduleIntro,
    loading: 'Loading your alert schedule…',
    failed: 'Could not load your alert schedule:',
    empty: 'Your session has ended: sign in again to see your alert schedule.',
    placeholderClassName: 'h-24',
  },
  firstLook: {
    id: dealerPartId('firstLook'),
    icon: Clock,
    title: FIRST_LOOK_TEXT.dashboardTitle,
    intro: FIRST_LOOK_TEXT.dashboardText,
    loading: 'Loading first looks…',
    failed: 'Could not load the cars held for you:',
    empty: (
      <>
        <p className="font-medium text-slate-900">{FIRST_LOOK_TEXT.dashboardEmpty}</p>
        <p className="mt-1">{FIRST_LOOK_TEXT.dashboardEmptyText}</p>
      </>
    ),
  },
  floorPlanLines: {
    id: dealerPartId('floorPlanLines'),
    icon: Landmark,
    title: FLOOR_PLAN_TEXT.title,
    intro:
      'Pay for a car with a lender’s line at Buy Now or later from the sale; the lender is asked for you.',
    loading: 'Loading floor plan lines…',
    failed: 'The floor plan lines could not be loaded.',
    empty: 'No floor plan lines yet.',
    placeholderClassName: 'h-14',
  },
  reconditioning: {
    id: dealerPartId('reconditioning'),
    icon: Wrench,
    title: WORK_ORDER_TEXT.dealerTitle,
    intro: WORK_ORDER_TEXT.dealerIntro,
    loading: 'Loading reconditioning…',
    failed: WORK_ORDER_TEXT.loadFailed,
    retry: WORK_ORDER_TEXT.retry,
    empty: WORK_ORDER_TEXT.dealerEmpty,
  },
  buyOrders: {
    id: dealerPartId('buyOrders'),
    icon: Target,
    title: BUY_ORDER_TEXT.sectionTitle,
    intro: BUY_ORDER_TEXT.intro,
    loading: 'Loading buy orders…',
    failed: 'Could not load buy orders:',
    signedOut: 'Your session has ended: sign in again to see your buy orders.',
    empty: BUY_ORDER_TEXT.empty,
  },
  savedSearches: {
    id: dealerPartId('savedSearches'),
    icon: Search,
    title: SAVED_SEARCH_TEXT.sectionTitle,
    intro: SAVED_SEARCH_TEXT.intro,
    loading: 'Loading saved searches…',
    failed: 'Could not load saved searches:',
    signedOut: 'Your session has ended: sign in again to see your saved searches.',
    empty: SAVED_SEARCH_TEXT.empty,
  },
  watchlist: {
    id: dealerPartId('watchlist'),
    icon: Eye,
    title: WATCHLIST_TEXT.sectionTitle,
    intro: WATCHLIST_TEXT.intro,
    loading: 'Loading watchlist…',
    failed: 'Could not load your watchlist:',
    empty: WATCHLIST_TEXT.empty,
  },
} satisfies Record<string, PagedSectionSpec | SectionSpec | SectionHeading>;
