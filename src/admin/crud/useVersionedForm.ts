// refine's antd useForm for an edit page, with optimistic concurrency (issue 20): the save sends the
// version of the record the form was filled from (refine refills the fields whenever that record is
// fetched again, so the version and the fields shown are always one read), and a refusal as stale
// (409, code 4090) becomes `stale` - the page shows StaleRecordAlert - with `reload` refetching the
// record into the form. Every generic edit page (ResourceForm) and the hand-built ones use it.
import { useForm, type UseFormProps } from "@refinedev/antd";
import { useInvalidate, type BaseRecord, type HttpError } from "@refinedev/core";
import { useState } from "react";

import { isStaleVersion, staleAwareErrorNotification } from "../../dataProviders";

export function useVersionedForm<TRecord extends BaseRecord = BaseRecord, TVariables extends object = object>(
  props: UseFormProps<TRecord, HttpError, TVariables>,
) {
  const invalidate = useInvalidate();
  const form = useForm<TRecord, HttpError, TVariables>({
    errorNotification: staleAwareErrorNotification,
    ...props,
    // refine refetches the record after every save, a failed one too, and refills the form with
    // it: after a stale save that would replace the person's edits with someone else's record
    // before they chose to reload. So only a successful save refreshes the record and the lists.
    invalidates: [],
    onMutationSuccess: (...args) => {
      if (props.resource) void invalidate({ resource: props.resource, id: props.id, invalidates: ["list", "many", "detail"] });
      props.onMutationSuccess?.(...args);
    },
  });
  const [reloading, setReloading] = useState(false);
  const version = (form.query?.data?.data as { version?: number } | undefined)?.version;

  const onFinish = (values: TVariables) => form.formProps.onFinish?.({ ...values, version } as TVariables);

  const reload = async () => {
    setReloading(true);
    try {
      await form.query?.refetch();
      form.mutation.reset();
    } finally {
      setReloading(false);
    }
  };

  return {
    ...form,
    formProps: { ...form.formProps, onFinish },
    /** The last save was refused because the record changed since it was read. */
    stale: isStaleVersion(form.mutation.error),
    reload,
    reloading,
  };
}
