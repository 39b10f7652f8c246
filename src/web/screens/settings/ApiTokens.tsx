/**
 * API tokens (docs/product.md#api-tokens): create one for another system, see when each was last used,
 * revoke.
 */
import { ROLE_LABELS } from "../../../domain/permissions.js";
import type { ApiToken } from "../../../domain/schemas/api-tokens.js";
import { useApiTokens, useRevokeApiToken } from "../../api/integrations.js";
import { ACTIONS, DataTable } from "../../components/DataTable.js";
import { FormError } from "../../components/FormError.js";
import { FormSuccess } from "../../components/FormSuccess.js";
import { QueryList } from "../../components/QueryList.js";
import { useConfirmedDelete } from "../../components/useConfirmedDelete.js";
import { ApiTokenForm } from "./ApiTokenForm.js";
import { Moment } from "./Moment.js";

export function ApiTokens() {
  const tokens = useApiTokens();
  // Kept here, not in the table, so "revoked" stays on screen when the last token goes and the table with it.
  const revoke = useConfirmedDelete(useRevokeApiToken());
  return (
    <section className="panel stack" aria-labelledby="api-tokens-heading">
      <h2 id="api-tokens-heading">API tokens</h2>
      <p className="muted section-intro">
        Other systems (a channel manager, door locks, accounting) use the API with a token instead of signing
        in. A token never has more rights than the member who created it: it is revoked when they leave the
        team or are given a role below it.
      </p>
      <ApiTokenForm />
      <QueryList query={tokens} empty="No API tokens yet.">
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
  return (
    <DataTable
      wrap
      className="data phone-cards"
      columns={["Name", "Role", "Created by", "Created", "Last used", "Expires", ACTIONS]}
    >
      {tokens.map((token) => (
        <tr key={token.id}>
          <td data-label="Name">
            <bdi className="token-name">{token.name}</bdi>
          </td>
          <td data-label="Role">{ROLE_LABELS[token.role]}</td>
          <td data-label="Created by">
            <bdi>{token.createdByName}</bdi>
          </td>
          <td data-label="Created">
            <Moment iso={token.createdAt} />
          </td>
          <td data-label="Last used">{token.lastUsedAt ? <Moment iso={token.lastUsedAt} /> : "Never"}</td>
          <td data-label="Expires">
            {token.expiresAt ? <Moment iso={token.expiresAt} /> : "Never"}
            {token.expiresAt && Date.parse(token.expiresAt) <= now ? (
              <span className="badge-warn token-expired">expired</span>
            ) : null}
          </td>
          <td className="print-hidden" data-label="Actions">
            <button
              type="button"
              className="button small danger"
              disabled={revoke.busy(token.id)}
              onClick={() =>
                revoke.remove(
                  token.id,
                  `Revoke the API token "${token.name}"? Systems using it are refused at once.`,
                  `Token "${token.name}" revoked.`,
                )
              }
            >
              Revoke
            </button>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
