import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { documentLabel } from '../../../shared/admin/documentLabel';
import type { ModelInfo } from '../../../shared/registry';
import { ALMIGHTY_ROLES } from '../../../shared/vocabulary';
import { isOwnAccount, mayWrite } from '../access';
import { useDocumentLimits } from '../limits';
import { useAdmin } from '../AdminContext';
import { useFindByIdQuery, useRemoveMutation, useSaveMutation } from '../data/api';
import { ApiError, type ApiFailure, type Doc } from '../data/types';
import { computedValues } from '../../../shared/rules/computed';
import { startValues } from '../../../shared/rules/startValues';
import { afterSave, type FormData, type FormState } from './afterSave';
import { rebase, rebaseMessage } from './rebase';
import { saveFailureMessage } from './saveFailure';
import { useProgress } from '../useProgress';
import { useLeaveGuard } from './useLeaveGuard';
import { formChanged } from './formChanged';
import { defaultsOf } from '../../../shared/registry/elements';
import { dateEntryErrors } from '../../form/values/dateInput';

export type { FormData };

const idOf = (key: string | undefined) => key?.split(':')[0];

/**
 * The logic of the generic edit page (spec section 2): load the document (id `new` creates), keep
 * the edits, save with a progress state and errors at their fields, go to the new item's own page
 * after creating and to the list after delete, and hold a navigation away from unsaved changes.
 */
export function useEditController(model: ModelInfo, id: string) {
  const isNew = id === 'new';
  const navigate = useNavigate();
  const { permissions, registry, user } = useAdmin();
  // A deleted document opens too (a list's Show deleted links to it), read-only.
  const query = useFindByIdQuery({ model: model.name, id, deleted: true }, { skip: isNew });
  const [saveCall] = useSaveMutation();
  const [removeCall] = useRemoveMutation();
  const loaded = isNew ? undefined : query.data;
  const { refetch } = query;

  // The form shows the server's version (first load, after save, after a change from elsewhere)
  // until the user edits; derived during render so the form never mounts with stale data.
  const sourceKey = isNew ? 'new' : loaded ? `${loaded._id}:${String(loaded._version ?? '')}` : undefined;
  const [form, setForm] = useState<FormState>({ data: {}, dirty: false });
  if (sourceKey !== undefined && form.key !== sourceKey && (!form.dirty || idOf(form.key) !== idOf(sourceKey))) {
    // A new document starts with the values its schema gives for the moment it is opened (`x-default`: today).
    const data = isNew ? startValues(model, Date.now()) : (loaded ?? {});
    setForm({ key: sourceKey, data, dirty: false, base: data });
  }
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The secrets (password) the last save changed: the form says so, and that other sessions ended.
  const [secretsChanged, setSecretsChanged] = useState<string[]>([]);
  useEffect(() => {
    setErrors({});
    setSecretsChanged([]);
  }, [id]);
  // Changed is what leaving would lose: not the defaults the form fills in, not a value typed back.
  const defaults = useMemo(() => defaultsOf(model.schema, model.schema.$id, registry.resolver), [model, registry]);
  const computed = useMemo(
    () => new Set(model.fields.filter((field) => field.readOnly).map((field) => field.name)),
    [model],
  );
  const changed = form.dirty && formChanged(form.data, form.base ?? {}, defaults, computed);
  const leaveGuard = useLeaveGuard(changed);
  const { release } = leaveGuard;
  const formData = form.data;

  // Computed fields (an invoice's total) follow the lines as they are typed, as the server will store them.
  const onChange = useCallback(
    (next: FormData) =>
      setForm((current) => ({ ...current, data: { ...next, ...computedValues(model, next) }, dirty: true })),
    [model],
  );

  // `data`: what to save instead of the form as last rendered (a screen that changes the form and saves at once).
  const save = useCallback(
    async (data: FormData = formData): Promise<Doc> => {
      setErrors({});
      setSecretsChanged([]);
      if (data !== formData) setForm((current) => ({ ...current, data, dirty: true }));
      // A date typed that cannot be read is refused here, in the words its field shows: nothing is sent.
      const unread = dateEntryErrors(model.fields, data);
      if (unread) {
        setErrors(unread);
        throw new ApiError(400, saveFailureMessage(model, registry.resolver, unread, ''), unread);
      }
      try {
        const saved = await saveCall({
          model: model.name,
          doc: { ...payloadOf(model, loaded, data), _id: isNew ? 'new' : id },
        })
          .unwrap()
          .catch(async (refusal: ApiFailure) => {
            // Saved by someone else meanwhile (409, a stale version): the edits go over their version.
            const theirs = refusal.status === 409 && !isNew ? (await refetch()).data : undefined;
            if (!theirs || data._version === undefined || theirs._version === data._version) throw refusal;
            const rebased = rebase(model, registry.resolver, form.base ?? loaded ?? {}, data, theirs);
            const key = `${theirs._id}:${String(theirs._version ?? '')}`;
            setForm({ key, data: rebased.data, dirty: true, base: theirs });
            if (rebased.conflicts.length) throw new ApiError(409, rebaseMessage(model, rebased.conflicts));
            data = rebased.data;
            return saveCall({ model: model.name, doc: { ...payloadOf(model, theirs, data), _id: id } }).unwrap();
          });
        // A new document is shown by its own page, loaded like any other: setting it here would be
        // replaced by the empty 'new' form in the render before the navigation lands.
        if (isNew) {
          release();
          navigate(`${model.route}/${saved._id}`, { replace: true });
        } else {
          setForm((current) => afterSave(current, data, saved));
          setSecretsChanged(secretsSent(model, data));
        }
        return saved;
      } catch (error) {
        const failure = error as ApiFailure;
        if (!failure.fields) throw failure;
        setErrors(failure.fields);
        throw new ApiError(
          failure.status,
          saveFailureMessage(model, registry.resolver, failure.fields, failure.message),
          failure.fields,
        );
      }
    },
    [form.base, formData, id, isNew, loaded, model, navigate, refetch, registry, release, saveCall],
  );
  const progress = useProgress(save);
  // A refusal is about what was sent: once the form changes, its message no longer stands (the fields'
  // own errors say what is still wrong; the next SAVE asks again).
  const { dismiss } = progress;
  const change = useCallback(
    (next: FormData) => {
      onChange(next);
      dismiss();
    },
    [onChange, dismiss],
  );

  const ownDocument =
    !isNew &&
    model.owner !== undefined &&
    (model.owner === '_id' ? id === user._id : loaded?.[model.owner] === user._id);
  // The owner may update their own document without the model permission (`x-owner`); ACL models ask `_write` too.
  const asker = { permissions, user };
  const canWrite = isNew
    ? mayWrite(asker, model, 'create')
    : mayWrite(asker, model, 'update', loaded ?? { _id: id }) || ownDocument;
  // A deleted document (opened from a list's Show deleted, or deleted while open) is shown, not changed: the
  // server answers 404 to a save or delete of it.
  const deletedAt = !isNew && typeof loaded?._deletedAt === 'string' ? loaded._deletedAt : undefined;
  const failure = query.error as ApiFailure | undefined;
  // A refresh that failed (the document changed elsewhere, or the connection came back) keeps the form
  // as it was loaded, with what was typed; only a first load that failed has nothing to show but why.
  const refreshFailure = failure && loaded?._id === id ? failure : undefined;
  const loadFailure = refreshFailure ? undefined : failure;
  // A blip (no answer, the server failing) passes; a refusal (no access, gone) stands until a refresh works.
  const refusedNow = refreshFailure !== undefined && refreshFailure.status >= 400 && refreshFailure.status < 500;
  const label = documentLabel(model, formData);
  // What the server's own rules for the model keep from the caller (a user above them): asked of the stored document.
  const limitsOf = useDocumentLimits(model);
  const limits = limitsOf?.(loaded);

  return {
    model,
    id,
    isNew,
    formData,
    onChange: change,
    errors,
    loading: (!isNew && idOf(form.key) !== id && !query.error) || (limits === undefined && !loadFailure),
    loadError: loadFailure?.message,
    /** Why the last refresh of a loaded document failed, and whether it can still be saved. */
    refreshError: refreshFailure && { message: refreshFailure.message, saveable: !refusedNow },
    // Nothing to save or delete where the document could not be loaded (not found, no access).
    readonly: !canWrite || deletedAt !== undefined || loadFailure !== undefined || refusedNow || !!limits?.readonly,
    /** What the caller may not change of this document beyond the schema, and why (said above the form). */
    limits,
    /** When the document was deleted (ISO time), if it was. */
    deletedAt,
    title: isNew ? `New ${model.label}` : (label ?? model.label),
    progress: progress.state,
    save: () => void progress.run(),
    /**
     * Saves (the form, or `data` in its place) through the SAVE button's progress; answers the saved
     * document, or undefined when the save failed (SAVE and the fields show why).
     */
    saveNow: (data?: FormData) => (data ? progress.run(data) : progress.run()),
    /** The user changed the form since it was loaded or saved (and did not change it back). */
    dirty: changed,
    /** Holds a navigation away while the form is dirty (EditView asks in a LeaveDialog). */
    leaveGuard,
    newLink: model.create && mayWrite(asker, model, 'create') ? `${model.route}/new` : undefined,
    canDelete:
      loaded !== undefined &&
      deletedAt === undefined &&
      !refusedNow &&
      mayWrite(asker, model, 'delete', loaded) &&
      !!limits?.mayDelete,
    async remove() {
      await removeCall({ model: model.name, id }).unwrap();
      release();
      navigate(model.route);
    },
    /** Fields edited as HTML get a live preview next to the form. */
    htmlFields: useMemo(() => model.fields.filter((field) => field.widget === 'html'), [model]),
    /** The signed-in user's own document (`x-owner`): a password change needs the current password. */
    ownDocument,
    /** The signed-in user's own account: deleting it signs them out for good, which the delete question says. */
    ownAccount: !isNew && isOwnAccount(model, { _id: id }, user),
    /** Secret fields the last save changed (a new password). */
    secretsChanged,
    /** Edited as its owner, not as admin or superuser: what the server keeps from owners is read-only. */
    asOwner: ownDocument && !user.roles.some((role) => (ALMIGHTY_ROLES as readonly string[]).includes(role)),
  };
}

export type EditController = ReturnType<typeof useEditController>;

/** The server keeps fields a save leaves out: a field the user emptied is sent as null to clear it. */
/**
 * What a save sends: the form without the fields it shows read-only (computed ones, and those the caller may
 * see but not write, `x-writePermission`: the form fills their defaults in, which the server would read as a
 * change), then a null for each emptied field (the form holds it as `undefined`, which JSON drops).
 */
export function payloadOf(model: ModelInfo, loaded: Doc | undefined, data: FormData): FormData {
  const locked = model.fields.filter((field) => field.readOnly && !field.name.startsWith('_'));
  const sent = { ...data };
  for (const field of locked) delete sent[field.name];
  return { ...sent, ...clearedFields(model, loaded, data) };
}

export function clearedFields(model: ModelInfo, loaded: Doc | undefined, formData: FormData): FormData {
  const cleared: FormData = {};
  for (const field of model.fields) {
    if (!field.readOnly && !field.secret && loaded?.[field.name] !== undefined && formData[field.name] === undefined)
      cleared[field.name] = null;
  }
  return cleared;
}

/** The secret fields a save sets (an empty one keeps the stored secret). */
function secretsSent(model: ModelInfo, data: FormData): string[] {
  return model.fields
    .filter((field) => field.secret && typeof data[field.name] === 'string' && data[field.name] !== '')
    .map((field) => field.name);
}
