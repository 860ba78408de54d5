/** Texts of the landing page (docs/product.md §1). The quoted ones are the spec's, verbatim. */
export const LANDING = {
  headline: 'Your Buyer. Replaced.',
  lead: 'We source, buy and recondition wholesale vehicles to your standard, from basic mechanical up to near certified pre-owned, and deliver certified units ready for your floor plan and front line.',
  viewListings: 'View Listings',
  textUs: 'Text Us Now',
  skipForms: "Skip the forms. Let's talk.",
  promises: [
    'Every unit inspected and reconditioned to your standard',
    'A walkaround video and inspection report with every listing',
    'Buy instantly with your dealer buy code, or make an offer',
    'Delivered ready for your floor plan and front line',
  ],
  trustedTitle: 'Trusted by Industry Leaders',
  morePartners: '20+ More Dealer Partners',
  benefitsTitle: 'Why dealers hand us the buying',
  benefits: [
    {
      title: 'Zero Downtime Costs',
      text: 'No buyer salary, no auction travel, no lot days lost to sourcing. You pay for cars, not for the hunt.',
    },
    {
      title: 'Custom Reconditioning Control',
      text: 'Pick the standard for every unit, from basic mechanical to near certified pre-owned, and see the inspection notes before you buy.',
    },
    {
      title: 'Floor Plan Ready, Front Line Faster',
      text: 'Certified units arrive titled, inspected and reconditioned, ready to floor and ready to sell the day they land.',
    },
  ],
  buyerFreeTitle: 'From Buyer Headaches to Buyer-Free Operations',
  buyerFreeLead: 'Whatever your lot looks like, we take the buying off your plate.',
  dealerTypes: [
    {
      title: 'Buy Here Pay Here dealers',
      text: 'Dependable, reconditioned units at wholesale prices that keep your portfolio performing.',
    },
    {
      title: 'Franchise dealers',
      text: 'Fill the used side with certified trade-quality inventory without pulling your team off the desk.',
    },
    {
      title: 'Independent dealers',
      text: 'Compete with the big groups: the same sourcing reach and inspection standards, without the overhead.',
    },
  ],
  stepsTitle: 'How it works',
  steps: [
    {
      title: 'We Source & Buy',
      text: 'Our buyers work the auctions and trade channels for the units your market wants.',
    },
    {
      title: 'Custom Reconditioning',
      text: 'Every vehicle is reconditioned to the level you choose and documented with a walkaround video.',
    },
    {
      title: 'Certified Delivery',
      text: 'Certified units are delivered ready for your floor plan and your front line.',
    },
  ],
  ctaTitle: 'Ready to Replace Your Buyer?',
  ctaText: 'Text us what you need on your lot. A real person answers.',
  portalLink: 'Already a dealer? Access your portal',
} as const;
