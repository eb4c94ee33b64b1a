/**
 * SPEC §4 file upload: validate, then save answers and request a presigned URL in parallel,
 * POST the file to storage, request conversion, poll every 2 s while unprocessed or
 * in_progress; completed marks the answer, failed clears it with an error. Visitors are told
 * to create an account first.
 */
import { type FileFacts, type Question, validateFile } from '@admit/form-model';
import { FileInput, type FileUploadStatus, useToast } from '@admit/design-system';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';

import { api } from '../api/endpoints.ts';
import { ServerError, UnauthorizedError } from '../api/errors.ts';
import { queryKeys } from '../api/queryClient.ts';
import { uploadToStorage } from '../api/upload.ts';
import { useSessionEnded } from '../session/useSessionEnded.ts';
import { changeAnswers, useAnswersForm } from '../engine/index.ts';
import { modelMessages } from '../modelMessages.ts';
import { useRenderer } from './RendererContext.tsx';
import { useAnswerField } from './useAnswerField.ts';
import { useShownError } from './useQuestionInput.ts';

/** SPEC §9: conversion status is polled every 2000 ms. */
export const CONVERSION_POLL_MS = 2000;

/** SPEC §5/§8's file rules, their messages in the page's language. */
const validateInPageLanguage = (file: FileFacts) => validateFile(file, modelMessages);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function FileField({ question }: { question: Extract<Question, { type: 'file' }> }) {
  const { isLoggedIn, save } = useRenderer();
  const intl = useIntl();
  const form = useAnswersForm();
  // A document is named by its key at the top of the answers (no college puts one in a group).
  const field = useAnswerField(question.key);
  const error = useShownError(field.error);
  const { showToast } = useToast();
  const sessionEnded = useSessionEnded();
  const queryClient = useQueryClient();
  const documents = useQuery({
    queryKey: queryKeys.documents,
    queryFn: api.documentAnswers,
    enabled: isLoggedIn,
  });
  const stored = documents.data?.[question.key];
  const [status, setStatus] = useState<FileUploadStatus>('empty');
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [fileName, setFileName] = useState<string | undefined>(undefined);
  // Why the last upload failed, shown at the field (the server's sentence says what is wrong
  // and what to do): without it the widget could only say "Please try again", which the same
  // file refused for its type would fail again.
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  const busy = status === 'uploading' || status === 'converting';
  const shownStatus: FileUploadStatus =
    busy || status === 'error' ? status : stored !== undefined ? 'uploaded' : 'empty';

  // SPEC §8 "Error uploading file for {key}": the person reads the question's label, not a key.
  const toastTitle = intl.formatMessage(
    { id: 'app.renderer.uploadFailed' },
    { label: question.label },
  );
  const fail = (message: string) => {
    changeAnswers(form, { [question.key]: '' });
    setFailure(message);
    setStatus('error');
    showToast({ severity: 'error', title: toastTitle, message });
  };

  const onUpload = async (file: File) => {
    setFileName(file.name);
    setFailure(undefined);
    setProgress(0);
    setStatus('uploading');
    try {
      const [, target] = await Promise.all([save(), api.presignedUrl(question.key)]);
      await uploadToStorage(target, file, setProgress);
      setStatus('converting');
      const fileKey = target.fields.key ?? '';
      await api.requestConversion(question.key, fileKey, file.name);
      for (;;) {
        const { status: conversion, message } = await api.conversionStatus(question.key);
        if (!alive.current) return;
        if (conversion === 'completed') {
          changeAnswers(form, { [question.key]: file.name });
          await queryClient.invalidateQueries({ queryKey: queryKeys.documents });
          setStatus('uploaded');
          return;
        }
        if (conversion !== 'unprocessed' && conversion !== 'in_progress') {
          fail(message);
          return;
        }
        await sleep(CONVERSION_POLL_MS);
      }
    } catch (error) {
      if (error instanceof UnauthorizedError) {
        sessionEnded();
        return;
      }
      fail(error instanceof ServerError ? error.message : String(error));
    }
  };

  // A mutation for what it tells others: a tab switch asks whether this upload is under way
  // (`isMutating`, useRendererValue.ts) and waits for it rather than leave it running.
  const upload = useMutation({ mutationKey: queryKeys.upload(question.key), mutationFn: onUpload });

  const onDelete = () => {
    void (async () => {
      try {
        await api.deleteConversion(question.key).catch(() => undefined);
        await api.deleteDocumentAnswer(question.key);
        changeAnswers(form, { [question.key]: '' });
        setStatus('empty');
        setFileName(undefined);
        await queryClient.invalidateQueries({ queryKey: queryKeys.documents });
      } catch (error) {
        showToast({
          severity: 'error',
          title: toastTitle,
          message: error instanceof Error ? error.message : String(error),
        });
      }
    })();
  };

  return (
    <FileInput
      id={question.key}
      label={question.label}
      hint={question.hint}
      status={shownStatus}
      fileName={
        stored?.file_name ??
        fileName ??
        (typeof field.value === 'string' && field.value !== '' ? field.value : undefined)
      }
      progress={progress}
      validate={validateInPageLanguage}
      onUpload={upload.mutateAsync}
      onDelete={onDelete}
      error={failure === undefined ? error : [failure, ...(error ?? [])]}
      visitor={!isLoggedIn}
      accept=".png,.jpeg,.jpg,.pdf,.docx"
    />
  );
}
