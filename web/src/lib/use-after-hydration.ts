import { useEffect, useState } from 'react';

/**
 * `value` once this component has committed, null before: the server renders every page signed out
 * (ADR 0016), so what only a signed-in person sees must not make the first render differ from the
 * HTML. A value that is null from the start (a visitor signed out: every card of a page, several
 * times each) costs no second render; the flag is set only when there is something to show.
 */
export function useAfterHydration<T>(value: T | null): T | null {
  const [isCommitted, setCommitted] = useState(false);
  const isPresent = value !== null;
  useEffect(() => {
    if (isPresent) setCommitted(true);
  }, [isPresent]);
  return isCommitted ? value : null;
}
