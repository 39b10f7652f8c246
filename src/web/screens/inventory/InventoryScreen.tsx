import { PageHeader } from "../../components/PageHeader.js";

export default function InventoryScreen() {
  return <PageHeader title="Inventory" />;
}
