import { useEffect, useState } from 'react';

/** How long the typing pauses before a server-paged list's search is sent. */
export const SEARCH_PAUSE_MS = 300;

/**
 * A server-paged list's search box (issue #47): the text as typed, sent to `send` (the list's URL
 * parameter, useListParams) once the admin pauses; a new value from the URL (a link, Back) shows.
 */
export function usePausedSearch(sent: string, send: (q: string) => void) {
  const [text, setText] = useState(sent);
  useEffect(() => setText(sent), [sent]);
  useEffect(() => {
    if (text.trim() === sent) return;
    const timer = setTimeout(() => send(text.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, sent, send]);
  return [text, setText] as const;
}
