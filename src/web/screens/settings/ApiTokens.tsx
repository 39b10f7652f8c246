/**
 * API tokens (docs/product.md#api-tokens): create one for another system, see when each was last used,
 * revoke.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import type { ApiToken } from "../../../domain/schemas/api-tokens.js";
import { useApiTokens, useRevokeApiToken } from "../../api/integrations.js";
import { ACTIONS, DataTable } from "../../components/DataTable.js";
import { FormError } from "../../components/FormError.js";
import { FormSuccess } from "../../components/FormSuccess.js";
import { QueryList } from "../../components/QueryList.js";
import { useConfirmedDelete } from "../../components/useConfirmedDelete.js";
import { ROLE_WORDS } from "../../i18n/labels.js";
import { ApiTokenForm } from "./ApiTokenForm.js";
import { Moment } from "./Moment.js";

export function ApiTokens() {
  const tokens = useApiTokens();
  // Kept here, not in the table, so "revoked" stays on screen when the last token goes and the table with it.
  const revoke = useConfirmedDelete(useRevokeApiToken());
  const { t } = useLingui();
  return (
    <section className="panel stack" aria-labelledby="api-tokens-heading">
      <h2 id="api-tokens-heading">
        <Trans>API tokens</Trans>
      </h2>
      <p className="muted section-intro">
        <Trans>
          Other systems (a channel manager, door locks, accounting) use the API with a token instead of
          signing in. A token never has more rights than the member who created it: it is revoked when they
          leave the team or are given a role below it.
        </Trans>
      </p>
      <ApiTokenForm />
      <QueryList query={tokens} empty={t`No API tokens yet.`}>
        {(items) => <TokenTable tokens={items} revoke={revoke} />}
      </QueryList>
      <FormError message={revoke.error} />
      <FormSuccess message={revoke.done} />
    </section>
  );
}

type Revoke = ReturnType<typeof useConfirmedDelete>;

function TokenTable({ tokens, revoke }: { tokens: ApiToken[]; revoke: Revoke }) {
  const now = Date.now();
  const { t } = useLingui();
  const question = (name: string) => t`Revoke the API token "${name}"? Systems using it are refused at once.`;
  const revoked = (name: string) => t`Token "${name}" revoked.`;
  return (
    <DataTable
      wrap
      className="data phone-cards"
      columns={[t`Name`, t`Role`, t`Created by`, t`Created`, t`Last used`, t`Expires`, ACTIONS]}
    >
      {tokens.map((token) => (
        <tr key={token.id}>
          <td data-label={t`Name`}>
            <bdi className="token-name">{token.name}</bdi>
          </td>
          <td data-label={t`Role`}>{t(ROLE_WORDS[token.role])}</td>
          <td data-label={t`Created by`}>
            <bdi>{token.createdByName}</bdi>
          </td>
          <td data-label={t`Created`}>
            <Moment iso={token.createdAt} />
          </td>
          <td data-label={t`Last used`}>{token.lastUsedAt ? <Moment iso={token.lastUsedAt} /> : t`Never`}</td>
          <td data-label={t`Expires`}>
            {token.expiresAt ? <Moment iso={token.expiresAt} /> : t`Never`}
            {token.expiresAt && Date.parse(token.expiresAt) <= now ? (
              <span className="badge-warn token-expired">
                <Trans>expired</Trans>
              </span>
            ) : null}
          </td>
          <td className="print-hidden" data-label={t`Actions`}>
            <button
              type="button"
              className="button small danger"
              disabled={revoke.busy(token.id)}
              onClick={() => revoke.remove(token.id, question(token.name), revoked(token.name))}
            >
              <Trans>Revoke</Trans>
            </button>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
