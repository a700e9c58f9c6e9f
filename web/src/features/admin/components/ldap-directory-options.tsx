import { Button, Field, Input, Radio, RadioGroup, Switch, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import type { LdapForm, LdapGroupTeam } from '@quire/proto';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  wide: { gridColumn: '1 / -1' },
  certificate: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  rows: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr) auto', gap: tokens.spacingHorizontalS, alignItems: 'end' },
  rowInput: { minWidth: 0, width: '100%' },
  add: { alignSelf: 'flex-start' },
});

/** proto's LDAP defaults (the web imports types only from proto, never its runtime). */
const LDAP_PORT = 389;
const LDAPS_PORT = 636;
const DEFAULT_GROUP_FILTER = '(|(member=%(dn)s)(uniqueMember=%(dn)s)(memberUid=%(user)s))';

/** The port that goes with a connection security when the port is still the other mode's usual one. */
function portFor(security: LdapForm['security'], port: number): number {
  if (security === 'ldaps' && port === LDAP_PORT) return LDAPS_PORT;
  if (security !== 'ldaps' && port === LDAPS_PORT) return LDAP_PORT;
  return port;
}

const securityOf = (value: string): LdapForm['security'] => (value === 'ldaps' || value === 'starttls' ? value : 'none');

/**
 * Issue 21's directory options, inside the LDAP fields: TLS (LDAPS or StartTLS, verified against a CA
 * certificate), LDAP groups mapped to existing teams, and linking local accounts to their entry.
 */
export function LdapDirectoryOptions(props: { ldap: LdapForm; setLdap: (patch: Partial<LdapForm>) => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { ldap, setLdap } = props;
  const setRow = (index: number, patch: Partial<LdapGroupTeam>) => setLdap({ group_teams: ldap.group_teams.map((row, i) => (i === index ? { ...row, ...patch } : row)) });

  return (
    <>
      <Field label={t('Connection security')} className={styles.wide} hint={t('With LDAPS or StartTLS the server’s certificate is always checked.')}>
        <RadioGroup
          layout="horizontal"
          name="ldap_security"
          value={ldap.security}
          onChange={(_, data) => setLdap({ security: securityOf(data.value), port: portFor(securityOf(data.value), ldap.port) })}
        >
          <Radio value="none" label={t('None')} />
          <Radio value="ldaps" label="LDAPS" />
          <Radio value="starttls" label="StartTLS" />
        </RadioGroup>
      </Field>
      {ldap.security !== 'none' && (
        <Field label={t('CA certificate')} className={styles.wide} hint={t('PEM text (-----BEGIN CERTIFICATE-----). Leave empty to trust the system’s certificate authorities.')}>
          <Textarea
            name="ldap_ca_cert"
            className={styles.certificate}
            resize="vertical"
            rows={4}
            placeholder="-----BEGIN CERTIFICATE-----"
            value={ldap.ca_cert}
            onChange={(_, data) => setLdap({ ca_cert: data.value })}
          />
        </Field>
      )}
      <Switch
        className={styles.wide}
        name="ldap_link_local"
        label={t('Link an existing local account of the same username to its directory entry at its first directory sign-in')}
        checked={ldap.link_local === '1'}
        onChange={(_, data) => setLdap({ link_local: data.checked ? '1' : '0' })}
      />
      <Field label={t('Group base DN')} className={styles.wide} hint={t('Where the groups are; leave empty to map no groups to teams.')}>
        <Input name="ldap_group_base_dn" placeholder="ou=groups,dc=example,dc=com" value={ldap.group_base_dn} onChange={(_, data) => setLdap({ group_base_dn: data.value })} />
      </Field>
      {ldap.group_base_dn.trim() !== '' && (
        <>
          <Field label={t('Group filter')} hint={t('Optional; %(dn)s stands for the person’s DN and %(user)s for their directory name')}>
            <Input name="ldap_group_filter" placeholder={DEFAULT_GROUP_FILTER} value={ldap.group_filter} onChange={(_, data) => setLdap({ group_filter: data.value })} />
          </Field>
          <Field label={t('Group name attribute')} hint={t('The attribute the mapping names groups by, such as cn')}>
            <Input name="ldap_group_name_field" value={ldap.group_name_field} onChange={(_, data) => setLdap({ group_name_field: data.value })} />
          </Field>
          <Field
            label={t('Groups mapped to teams')}
            className={styles.wide}
            hint={t(
              'At each sign-in a member of the group joins the team, and leaves it once the directory no longer lists them. The team keeps its owner; its number is in its address, as in /team/member/12.',
            )}
          >
            <div className={styles.rows} data-testid="ldap-group-teams">
              {ldap.group_teams.map((row, index) => (
                <div className={styles.row} key={index}>
                  <Field label={t('LDAP group')} size="small">
                    <Input className={styles.rowInput} name={`ldap_group_${index}`} value={row.group} onChange={(_, data) => setRow(index, { group: data.value })} />
                  </Field>
                  <Field label={t('Team number')} size="small">
                    <Input
                      className={styles.rowInput}
                      name={`ldap_team_${index}`}
                      type="number"
                      min={1}
                      value={row.team_id > 0 ? String(row.team_id) : ''}
                      onChange={(_, data) => setRow(index, { team_id: Number(data.value) })}
                    />
                  </Field>
                  <Button
                    appearance="subtle"
                    icon={<DeleteRegular />}
                    aria-label={t('Remove the mapping of {{group}}', { group: row.group })}
                    onClick={() => setLdap({ group_teams: ldap.group_teams.filter((_, i) => i !== index) })}
                  />
                </div>
              ))}
              <Button className={styles.add} icon={<AddRegular />} onClick={() => setLdap({ group_teams: [...ldap.group_teams, { group: '', team_id: 0 }] })}>
                {t('Map a group to a team')}
              </Button>
            </div>
          </Field>
        </>
      )}
    </>
  );
}
