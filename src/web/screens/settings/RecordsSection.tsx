/**
 * A Settings section of named records the property keeps (TaxesSection, ProductsSection): the form that adds
 * one, the table of them with each row's Edit and Delete (useRowActions), and the dialog that edits one
 * (EditDialog). The sections differ in their fields, columns and words; how a record is added, edited and
 * deleted, and what is said after each, is the same for all of them.
 */
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import type { UseMutationResult, UseQueryResult } from "@tanstack/react-query";
import { type ComponentType, type FormEvent, type ReactNode, useState } from "react";
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
import { type Labels, useLabels } from "./words.js";

type Named = { id: string; name: string };
type Input = Record<string, unknown>;

/** A record's fields as typed, in the add form and in the edit dialog. */
export type RecordFieldsProps<Values> = {
  values: Values;
  onChange: (changes: Partial<Values>) => void;
  errors: FieldErrors;
};

/**
 * What the buttons, headings and messages of a kind say, each a whole sentence for the translators (the
 * kind's noun does not read alike in every language), with the record's name in it where it has one.
 */
export type RecordWords = {
  /** The add form's name: "Add a tax rate". */
  addForm: MessageDescriptor;
  /** The add form's button: "Add tax rate". */
  add: MessageDescriptor;
  /** The edit dialog's button: "Save tax rate". */
  save: MessageDescriptor;
  /** The edit dialog's heading: "Edit tax rate GST". */
  edit: (name: string) => MessageDescriptor;
  /** The question before a deletion: "Delete the tax rate GST?". */
  confirmDelete: (name: string) => MessageDescriptor;
  /** "Tax rate GST deleted." */
  deleted: (name: string) => MessageDescriptor;
  /** "Tax rate GST saved." */
  saved: (name: string) => MessageDescriptor;
  /** A refused deletion of a record no longer listed: "Could not delete the tax rate: …". */
  notDeleted: (reason: string) => MessageDescriptor;
  /** A refused add with no name typed: "Could not add the tax rate: …". */
  notAdded: (reason: string) => MessageDescriptor;
};

/** A kind of record: what it is called, its fields, and its values as typed and as the API takes them. */
export type RecordKind<Item extends Named, Values extends { name: string }, Fields extends Input> = {
  words: RecordWords;
  /** The fields by the API's names with their labels, so a refusal names them as the form does. */
  labels: Labels<string>;
  /** The Name field's example ("e.g. GST"). */
  placeholder: MessageDescriptor;
  /** The add form's values before anything is typed. */
  blank: Values;
  /** Fields the add form keeps after an add, as the next record is likely to share them. */
  keep?: readonly (keyof Values)[];
  values: (item: Item) => Values;
  input: (values: Values) => Fields;
  /** The fields after Name. */
  Fields: ComponentType<RecordFieldsProps<Values>>;
  /** What the add form says once a record is added. */
  added: (item: Item) => MessageDescriptor;
  /** Under the edit dialog's fields: what an edit leaves as it was. */
  editNote: MessageDescriptor;
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
  const { t } = useLingui();
  const { words } = kind;
  const notDeleted = (reason: string) => {
    if (!refused) return t(words.notDeleted(reason));
    const name = refused.name;
    return t`Could not delete ${name}: ${reason}`;
  };
  return (
    <section className="panel stack" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      <p className="muted section-intro">{intro}</p>
      <AddRecordForm kind={kind} create={create} />
      <QueryList query={query} empty={empty}>
        {(items) => (
          <DataTable
            wrap
            className="data phone-cards settings-table"
            columns={[t`Name`, ...columns, ACTIONS]}
          >
            {items.map((item) => (
              <tr key={item.id}>
                <td data-label={t`Name`}>
                  <bdi>{item.name}</bdi>
                </td>
                {cells(item)}
                <RowActions
                  busy={rows.busy(item.id)}
                  onEdit={() => rows.edit(item)}
                  onDelete={() =>
                    rows.remove(item.id, t(words.confirmDelete(item.name)), t(words.deleted(item.name)))
                  }
                />
              </tr>
            ))}
          </DataTable>
        )}
      </QueryList>
      <FormError message={rows.error ? notDeleted(rows.error) : null} />
      <FormSuccess message={rows.message} />
      {rows.editing ? (
        <Edit
          item={rows.editing}
          onSaved={(saved) => rows.saved(t(words.saved(saved.name)))}
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
  const { t } = useLingui();
  const problems = splitFieldErrors(create.error, useLabels(kind.labels));
  const notAdded = (reason: string) => {
    const name = form.name.trim();
    return name ? t`Could not add ${name}: ${reason}` : t(kind.words.notAdded(reason));
  };
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
        setAdded(t(kind.added(item)));
      },
    });
  };
  return (
    <form className="entry-form" onSubmit={submit} aria-label={t(kind.words.addForm)}>
      <div className="form-grid">
        <RecordFields
          kind={kind}
          values={form}
          onChange={(changes) => setForm((current) => ({ ...current, ...changes }))}
          errors={problems.fields}
        />
        <FormActions submit={t(kind.words.add)} busy={create.isPending} />
      </div>
      <FormError message={problems.message ? notAdded(problems.message) : null} />
      <FormSuccess message={added} />
    </form>
  );
}

/** A record's Name, which every kind has and requires, then the kind's own fields. */
function RecordFields<Item extends Named, Values extends { name: string }, Fields extends Input>({
  kind,
  ...props
}: RecordFieldsProps<Values> & { kind: RecordKind<Item, Values, Fields> }) {
  const { t } = useLingui();
  return (
    <>
      <InputField
        label={t`Name`}
        required
        autoComplete="off"
        placeholder={t(kind.placeholder)}
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
  const { t } = useLingui();
  const labels = useLabels(kind.labels);
  return (
    <EditDialog
      heading={t(kind.words.edit(item.name))}
      saveLabel={t(kind.words.save)}
      id={item.id}
      // The record read the way the form is, so a field left alone compares equal and is not sent.
      record={kind.input(kind.values(item))}
      edited={kind.input(form)}
      update={update}
      labels={labels}
      onSaved={onSaved}
      onClose={onClose}
    >
      <RecordFields
        kind={kind}
        values={form}
        onChange={(changes) => setForm((current) => ({ ...current, ...changes }))}
        errors={splitFieldErrors(update.error, labels).fields}
      />
      <p className="muted">{t(kind.editNote)}</p>
    </EditDialog>
  );
}
