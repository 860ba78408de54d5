import { CopyButton } from '@/components/copy-button';

/**
 * No mail transport is configured, so nothing was e-mailed: the inviter hands the link over. The
 * server returns it once (only its hash is stored), so this is the only time it can be seen.
 */
export function InvitationLinkNotice({ name, link }: { name: string; link: string }) {
  return (
    <div
      role="status"
      className="grid gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <p>
        <strong>No e-mail was sent</strong> (this server has no mail set up). Give this link to {name}{' '}
        yourself. It works once, for 72 hours, and is shown only now.
      </p>
      <div className="flex items-center gap-2">
        <input
          readOnly
          aria-label={`Invitation link for ${name}`}
          value={link}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-lg border border-amber-300 bg-white px-2 py-1.5 font-mono text-xs"
        />
        <CopyButton
          text={link}
          label="Copy invitation link"
          copied={{ title: 'Link copied' }}
          failed={{ title: 'Could not copy', description: 'Select the link and copy it yourself.' }}
        />
      </div>
    </div>
  );
}
