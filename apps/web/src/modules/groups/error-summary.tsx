import Alert from '@mui/material/Alert';
import { useViewText } from '../../forms/use-view-text';
import { useTranslation } from '../../i18n/use-translation';
import { useCatalogueLabels } from './catalogue-labels';
import type { GrantDraft } from './grants/grant-draft';
import { type GroupErrors, hasErrors } from './grants/group-errors';

/** Every problem of a refused save at the top of the form, each grant's named by the grant. */
export function ErrorSummary({ errors, drafts }: { errors: GroupErrors; drafts: readonly GrantDraft[] }) {
  const { t } = useTranslation();
  const viewText = useViewText();
  const labels = useCatalogueLabels();
  if (!hasErrors(errors)) return null;
  const fieldLabel = { name: t('groups.fields.name'), description: t('groups.fields.description') };
  const lines = [
    ...errors.general.map(viewText),
    ...Object.entries(errors.fields).map(
      ([field, text]) => `${fieldLabel[field as keyof typeof fieldLabel]}: ${text ? viewText(text) : ''}`,
    ),
    ...[...errors.grants].flatMap(([index, problems]) => {
      const draft = drafts[index];
      const name = draft
        ? `${labels.resource(draft.resource)} — ${labels.action(draft.action)}`
        : `#${index + 1}`;
      return problems.map((problem) => `${name}: ${viewText(problem.text)}`);
    }),
  ];
  return (
    <Alert severity="error" sx={{ mb: 3 }}>
      {t('groups.errors.summary')}
      <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </Alert>
  );
}
