import { Trans, useLingui } from "@lingui/react/macro";
import { useAdminLiveUpdates } from "../../api/live.js";
import { useAdminProperties } from "../../api/resources.js";
import { useSession } from "../../api/session.js";
import { DataTable } from "../../components/DataTable.js";
import { FormError } from "../../components/FormError.js";
import { PageHeader } from "../../components/PageHeader.js";

export default function AdminScreen() {
  const isAdmin = useSession().data?.user?.isAdmin === true;
  if (!isAdmin) {
    return (
      <p className="panel" role="alert">
        <Trans>Unauthorized</Trans>
      </p>
    );
  }
  return <AllProperties />;
}

function AllProperties() {
  useAdminLiveUpdates(true);
  const properties = useAdminProperties(true);
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Admin — All Properties`} />
      <section className="panel table-wrap" aria-label={t`All properties`}>
        <FormError message={properties.error?.message} />
        <DataTable columns={[t`ID`, t`Owner`, t`Name`, t`Code`]}>
          {(properties.data ?? []).map((property) => (
            <tr key={property.id}>
              <td>
                <code>{property.id}</code>
              </td>
              <td>
                {property.ownerEmail ? (
                  <>
                    <bdi>{property.ownerEmail}</bdi>{" "}
                    {property.ownerEmailVerified ? null : (
                      <span className="badge-warn">
                        <Trans>unverified</Trans>
                      </span>
                    )}
                    <div className="muted">{property.ownerId}</div>
                  </>
                ) : (
                  property.ownerId
                )}
              </td>
              <td>
                <bdi>{property.name}</bdi>
              </td>
              <td>{property.code}</td>
            </tr>
          ))}
        </DataTable>
      </section>
    </>
  );
}
