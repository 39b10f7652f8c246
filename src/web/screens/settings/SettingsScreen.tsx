import { useProperty } from "../../api/property.js";
import { PageHeader } from "../../components/PageHeader.js";
import { SettingsForm } from "./SettingsForm.js";

export default function SettingsScreen() {
  const property = useProperty();
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
    </>
  );
}
