import { OPERATOR_AUDIT_LABELS, type OperatorAuditLine } from '@atrium/contracts';
import { Anchor } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { type ListColumn, ListScreen, useListState } from '../../app/components/list-kit';
import { formatDateTime } from '../../lib/format';
import { useTenant } from '../session/session-store';
import { operatorApi, operatorKeys } from './api';

const LIST = { pageSizes: [25, 50, 100], defaultPageSize: 50 };

/**
 * /tenant/audit (issue 28): what the operator's admins did to studios (impersonated and ended it,
 * suspended, resumed), newest first, paged; searched by the studio's org id or the admin's name.
 */
export default function OperatorAuditPage() {
  const site = useTenant();
  const list = useListState(LIST, 250);
  const query = {
    search: list.params.search,
    start: (list.params.page - 1) * list.params.pageSize,
    length: list.params.pageSize,
  };
  const audit = useQuery({
    queryKey: operatorKeys.audit(query),
    queryFn: () => operatorApi.audit(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const columns: ListColumn<OperatorAuditLine>[] = [
    { key: 'at', header: 'When', cell: (line) => formatDateTime(line.at, site.timezone) },
    { key: 'action', header: 'Action', cell: (line) => OPERATOR_AUDIT_LABELS[line.action] },
    { key: 'tenant', header: 'Tenant', cell: (line) => line.orgId },
    { key: 'by', header: 'By', cell: (line) => line.operatorName },
  ];
  return (
    <ListScreen
      id="operator-audit"
      title="Audit log"
      description={
        <Anchor component={Link} to="/tenant" size="sm">
          Back to Tenants
        </Anchor>
      }
      list={list}
      search={{ label: 'Search the audit log', type: 'search', placeholder: 'Org id or name' }}
      query={audit}
      rows={audit.data?.data ?? []}
      total={audit.data?.recordsTotal ?? 0}
      rowKey={(line) => `${line.at}-${line.action}-${line.orgId}`}
      columns={columns}
      noun="audit lines"
      emptyHint="Impersonating, suspending and resuming a tenant is recorded here."
    />
  );
}
