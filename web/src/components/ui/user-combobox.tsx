import { Combobox, Option } from '@fluentui/react-components';
import { useState } from 'react';
import { decodeEntities } from '../../lib/decode-entities';

export interface UserSuggestion {
  uid: number;
  username: string;
  name?: string;
}

/**
 * A username field that suggests users as one types (item members, team members): free text is
 * kept, picking a suggestion fills the name in. The caller searches and filters the suggestions.
 */
export function UserCombobox(props: { value: string; onChange: (username: string) => void; suggestions: UserSuggestion[]; placeholder: string; testId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Combobox
      freeform
      name="member_username"
      placeholder={props.placeholder}
      value={props.value}
      selectedOptions={[]}
      open={open && props.suggestions.length > 0}
      onOpenChange={(_, data) => setOpen(data.open)}
      onChange={(event) => {
        props.onChange(event.target.value);
        setOpen(true);
      }}
      onOptionSelect={(_, data) => {
        props.onChange(data.optionValue ?? '');
        setOpen(false);
      }}
      data-testid={props.testId}
    >
      {props.suggestions.map((user) => (
        <Option key={user.uid} value={user.username} text={user.username}>
          {user.name ? `${user.username} (${decodeEntities(user.name)})` : user.username}
        </Option>
      ))}
    </Combobox>
  );
}
