import type { AutocompleteRenderValueGetItemProps } from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';

/** A multiple Autocomplete's words as small removable chips (tags inputs, a report's groups). */
export function renderTagChips(
  tags: readonly string[],
  getItemProps: AutocompleteRenderValueGetItemProps<true>,
) {
  return tags.map((tag, index) => {
    const { key, ...itemProps } = getItemProps({ index });
    return <Chip key={key} size="small" label={tag} {...itemProps} />;
  });
}
