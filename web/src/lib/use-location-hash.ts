import { useLocationProperty } from 'wouter/use-browser-location';

const currentHash = () => decodeURIComponent(window.location.hash.slice(1));

/**
 * The address's fragment without its '#' ('' when none), kept current as the app navigates:
 * wouter reports pushState and replaceState as well as the browser's own hash changes, so a link
 * to `/dealer/dashboard/offers#offer-45` names its item however it was followed.
 */
export const useLocationHash = () => useLocationProperty(currentHash, () => '');
