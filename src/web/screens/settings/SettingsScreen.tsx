import { useCan, useProperty } from "../../api/property.js";
import { PageHeader } from "../../components/PageHeader.js";
import { ApiTokens } from "./ApiTokens.js";
import { SettingsForm } from "./SettingsForm.js";
import { WebhooksSection } from "./WebhooksSection.js";

export default function SettingsScreen() {
  const property = useProperty();
  // Tokens and webhooks act for the whole property: only those who manage the team may see them
  // (docs/product.md#roles-and-permissions).
  const integrations = useCan("team");
  return (
    <>
      <PageHeader title="Settings" />
      <section className="panel">
        <h2>Property</h2>
        <p className="muted settings-code">
          Code <code>{property.code}</code>
        </p>
        <SettingsForm property={property} />
      </section>
      {integrations ? (
        <>
          <ApiTokens />
          <WebhooksSection />
        </>
      ) : null}
    </>
  );
}
