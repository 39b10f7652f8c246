/**
 * A Settings section of named records the property keeps (TaxesSection, ProductsSection): the form that adds
 * one, the table of them with each row's Edit and Delete (useRowActions), and the dialog that edits one
 * (EditDialog). The sections differ in their fields, columns and words; how a record is added, edited and
 * deleted, and what is said after each, is the same for all of them.
 */
import type { UseMutationResult, UseQueryResult } from "@tanstack/react-query";
import { type ComponentType, type FormEvent, type ReactNode, useState } from "react";
import { capitalize } from "../../../domain/labels.js";
import { ACTIONS, type Column, DataTable } from "../../components/DataTable.js";
import { EditDialog } from "../../components/EditDialog.js";
import { InputField } from "../../components/Field.js";
import { FormActions } from "../../components/FormActions.js";
import { FormError } from "../../components/FormError.js";
import { FormSuccess } from "../../components/FormSuccess.js";
import { type FieldErrors, splitFieldErrors } from "../../components/fieldErrors.js";
import { QueryList } from "../../components/QueryList.js";
import { RowActions } from "../../components/RowActions.js";
import { useRowActions } from "../../components/useRowActions.js";

type Named = { id: string; name: string };
type Input = Record<string, unknown>;

/** A record's fields as typed, in the add form and in the edit dialog. */
export type RecordFieldsProps<Values> = {
  values: Values;
  onChange: (changes: Partial<Values>) => void;
  errors: FieldErrors;
};

/** A kind of record: what it is called, its fields, and its values as typed and as the API takes them. */
export type RecordKind<Item extends Named, Values extends { name: string }, Fields extends Input> = {
  /** What the buttons, headings and messages call one, after "a": "tax rate" ("Add a tax rate"). */
  noun: string;
  /** The fields by the API's names with their labels, so a refusal names them as the form does. */
  labels: Readonly<Record<string, string>>;
  /** The Name field's example ("e.g. GST"). */
  placeholder: string;
  /** The add form's values before anything is typed. */
  blank: Values;
  /** Fields the add form keeps after an add, as the next record is likely to share them. */
  keep?: readonly (keyof Values)[];
  values: (item: Item) => Values;
  input: (values: Values) => Fields;
  /** The fields after Name. */
  Fields: ComponentType<RecordFieldsProps<Values>>;
  /** What the add form says once a record is added. */
  added: (item: Item) => string;
  /** Under the edit dialog's fields: what an edit leaves as it was. */
  editNote: string;
};

/** What the section gives the dialog that edits a record (a RecordEditDialog). */
export type EditProps<Item> = { item: Item; onSaved: (saved: Item) => void; onClose: () => void };

type Create<Item, Fields> = Pick<UseMutationResult<Item, Error, Fields>, "mutate" | "isPending" | "error">;
type Update<Item, Fields> = Pick<
  UseMutationResult<Item, Error, { id: string; input: Partial<Fields> }>,
  "mutate" | "isPending" | "error"
>;

export function RecordsSection<Item extends Named, Values extends { name: string }, Fields extends Input>({
  id,
  heading,
  intro,
  empty,
  kind,
  query,
  create,
  deletion,
  columns,
  cells,
  Edit,
}: {
  /** Prefix of the heading's id, which names the section. */
  id: string;
  heading: string;
  intro: string;
  /** What the list says while there is no record. */
  empty: string;
  kind: RecordKind<Item, Values, Fields>;
  query: UseQueryResult<Item[]>;
  create: Create<Item, Fields>;
  deletion: UseMutationResult<void, Error, string>;
  /** The columns after Name, and a row's cells under them. */
  columns: Column[];
  cells: (item: Item) => ReactNode;
  /** The dialog that edits a record: a RecordEditDialog, with an update mutation of its own. */
  Edit: ComponentType<EditProps<Item>>;
}) {
  const rows = useRowActions<Item>(deletion);
  const refused = query.data?.find((item) => item.id === deletion.variables);
  const Noun = capitalize(kind.noun);
  return (
    <section className="panel stack" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      <p className="muted section-intro">{intro}</p>
      <AddRecordForm kind={kind} create={create} />
      <QueryList query={query} empty={empty}>
        {(items) => (
          <DataTable wrap className="data phone-cards settings-table" columns={["Name", ...columns, ACTIONS]}>
            {items.map((item) => (
              <tr key={item.id}>
                <td data-label="Name">
                  <bdi>{item.name}</bdi>
                </td>
                {cells(item)}
                <RowActions
                  busy={rows.busy(item.id)}
                  onEdit={() => rows.edit(item)}
                  onDelete={() =>
                    rows.remove(
                      item.id,
                      `Delete the ${kind.noun} ${item.name}?`,
                      `${Noun} ${item.name} deleted.`,
                    )
                  }
                />
              </tr>
            ))}
          </DataTable>
        )}
      </QueryList>
      <FormError
        message={rows.error ? `Could not delete ${refused?.name ?? `the ${kind.noun}`}: ${rows.error}` : null}
      />
      <FormSuccess message={rows.message} />
      {rows.editing ? (
        <Edit
          item={rows.editing}
          onSaved={(saved) => rows.saved(`${Noun} ${saved.name} saved.`)}
          onClose={rows.stopEditing}
        />
      ) : null}
    </section>
  );
}

function AddRecordForm<Item extends Named, Values extends { name: string }, Fields extends Input>({
  kind,
  create,
}: {
  kind: RecordKind<Item, Values, Fields>;
  create: Create<Item, Fields>;
}) {
  const [form, setForm] = useState<Values>(kind.blank);
  const [added, setAdded] = useState<string | null>(null);
  const problems = splitFieldErrors(create.error, kind.labels);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAdded(null);
    create.mutate(kind.input(form), {
      onSuccess: (item) => {
        setForm((current) => {
          const next = { ...kind.blank };
          for (const field of kind.keep ?? []) next[field] = current[field];
          return next;
        });
        setAdded(kind.added(item));
      },
    });
  };
  return (
    <form className="entry-form" onSubmit={submit} aria-label={`Add a ${kind.noun}`}>
      <div className="form-grid">
        <RecordFields
          kind={kind}
          values={form}
          onChange={(changes) => setForm((current) => ({ ...current, ...changes }))}
          errors={problems.fields}
        />
        <FormActions submit={`Add ${kind.noun}`} busy={create.isPending} />
      </div>
      <FormError
        message={
          problems.message
            ? `Could not add ${form.name.trim() || `the ${kind.noun}`}: ${problems.message}`
            : null
        }
      />
      <FormSuccess message={added} />
    </form>
  );
}

/** A record's Name, which every kind has and requires, then the kind's own fields. */
function RecordFields<Item extends Named, Values extends { name: string }, Fields extends Input>({
  kind,
  ...props
}: RecordFieldsProps<Values> & { kind: RecordKind<Item, Values, Fields> }) {
  return (
    <>
      <InputField
        label="Name"
        required
        autoComplete="off"
        placeholder={kind.placeholder}
        value={props.values.name}
        onValue={(name) => props.onChange({ name } as Partial<Values>)}
        error={props.errors.name}
      />
      <kind.Fields {...props} />
    </>
  );
}

/**
 * The dialog that edits one record. Each kind's Edit renders it with an update mutation of its own, so a
 * dialog opens without the refusal the last one showed.
 */
export function RecordEditDialog<Item extends Named, Values extends { name: string }, Fields extends Input>({
  kind,
  item,
  update,
  onSaved,
  onClose,
}: EditProps<Item> & { kind: RecordKind<Item, Values, Fields>; update: Update<Item, Fields> }) {
  const [form, setForm] = useState<Values>(() => kind.values(item));
  return (
    <EditDialog
      heading={`Edit ${kind.noun} ${item.name}`}
      saveLabel={`Save ${kind.noun}`}
      id={item.id}
      // The record read the way the form is, so a field left alone compares equal and is not sent.
      record={kind.input(kind.values(item))}
      edited={kind.input(form)}
      update={update}
      labels={kind.labels}
      onSaved={onSaved}
      onClose={onClose}
    >
      <RecordFields
        kind={kind}
        values={form}
        onChange={(changes) => setForm((current) => ({ ...current, ...changes }))}
        errors={splitFieldErrors(update.error, kind.labels).fields}
      />
      <p className="muted">{kind.editNote}</p>
    </EditDialog>
  );
}
