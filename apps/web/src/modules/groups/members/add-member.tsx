import PersonAddOutlinedIcon from '@mui/icons-material/PersonAddOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { Admin } from '@pult/contract';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { personName } from '../../users/person-name';
import { useAdminSearch } from './use-admin-search';

export interface AddMemberProps {
  /** Ids already in the group: not offered again. */
  exclude: readonly number[];
  busy: boolean;
  /** Settles when the server has answered; a refusal keeps the choice for another try. */
  onAdd: (adminId: number) => Promise<unknown>;
}

/** Finds an administrator by e-mail and adds them. */
export function AddMember({ exclude, busy, onAdd }: AddMemberProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<Admin | null>(null);
  const search = useAdminSearch(text);
  const options = (search.data?.items ?? []).filter((admin) => !exclude.includes(admin.id));

  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Autocomplete
        options={options}
        value={chosen}
        onChange={(_event, admin) => setChosen(admin)}
        inputValue={text}
        onInputChange={(_event, value) => setText(value)}
        getOptionLabel={personName}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        // The server filters; the options are already the matches.
        filterOptions={(items) => items}
        loading={search.isFetching}
        noOptionsText={t('form.noOptions')}
        loadingText={t('app.loading')}
        openText={t('form.openOptions')}
        closeText={t('form.closeOptions')}
        clearText={t('form.clear')}
        size="small"
        sx={{ flexGrow: 1, maxWidth: 480, minWidth: 260 }}
        renderInput={(params) => <TextField {...params} label={t('groups.members.search')} />}
      />
      <Button
        variant="outlined"
        startIcon={<PersonAddOutlinedIcon />}
        disabled={chosen === null}
        loading={busy}
        onClick={() => {
          if (!chosen) return;
          onAdd(chosen.id).then(
            () => {
              setChosen(null);
              setText('');
            },
            () => undefined,
          );
        }}
      >
        {t('groups.members.add')}
      </Button>
    </Box>
  );
}
