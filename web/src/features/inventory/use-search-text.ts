import { useEffect, useRef, useState } from 'react';

/** How long typing pauses before the search is written to the URL. */
const URL_WRITE_DELAY_MS = 250;

/**
 * The search box's text: local state, so every keystroke renders at once, written to the URL
 * (`?q=`) once typing pauses. Writing on every keystroke would also risk the browser's
 * history-update throttling, which silently drops updates. A change of the URL from outside
 * (the header's 'Browse Inventory' link, back/forward) replaces the text.
 */
export function useSearchText(urlValue: string, writeToUrl: (q: string) => void) {
  const [text, setText] = useState(urlValue);
  const lastInUrl = useRef(urlValue);
  const write = useRef(writeToUrl);
  write.current = writeToUrl;

  useEffect(() => {
    if (urlValue !== lastInUrl.current) {
      lastInUrl.current = urlValue;
      setText(urlValue);
    }
  }, [urlValue]);

  useEffect(() => {
    if (text === lastInUrl.current) return;
    const timer = setTimeout(() => {
      lastInUrl.current = text;
      write.current(text);
    }, URL_WRITE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return [text, setText] as const;
}
