// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ListColumn, type ListParamsConfig, ListScreen, readListParams, useListState, writeListParams } from '.';

afterEach(cleanup);

const CONFIG: ListParamsConfig = { pageSizes: [10, 25], defaultPageSize: 10, filters: ['level'] };

interface Room {
  id: string;
  name: string;
  seats: number;
}

const ROOMS: Room[] = Array.from({ length: 23 }, (_, i) => ({
  id: `r${i + 1}`,
  name: `Room ${String(i + 1).padStart(2, '0')}`,
  seats: (i * 7) % 30,
}));

const COLUMNS: ListColumn<Room>[] = [
  { key: 'name', header: 'Name', cell: (room) => room.name, sortValue: (room) => room.name },
  { key: 'seats', header: 'Seats', cell: (room) => room.seats, sortValue: (room) => room.seats },
];

/** Every address the list goes through, newest last. */
let addresses: string[] = [];
function Address() {
  const location = useLocation();
  addresses.push(location.search);
  return <output data-testid="address">{location.search}</output>;
}

interface Query {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

function Rooms({ rows, query }: { rows: Room[]; query: Query }) {
  const list = useListState(CONFIG);
  return (
    <ListScreen
      id="rooms"
      title="Rooms"
      list={list}
      search={{ label: 'Search rooms', text: (room) => room.name }}
      filters={[{ key: 'level', label: 'Level', placeholder: 'All levels', data: ['Ground', 'First'] }]}
      archived
      query={query}
      rows={rows}
      rowKey={(room) => room.id}
      columns={COLUMNS}
      rowActions={(room) => <button type="button">Edit {room.name}</button>}
      noun="rooms"
      emptyHint="Add a room with Add Room."
    />
  );
}

/** Renders as the app does: inside Mantine and a router at `entries` (`index` the current one). */
function inApp(node: ReactNode, entries?: string[], index?: number) {
  return render(
    <MantineProvider>
      <MemoryRouter initialEntries={entries} initialIndex={index}>
        {node}
      </MemoryRouter>
    </MantineProvider>,
  );
}

const OK: Query = { isPending: false, isError: false, refetch: () => undefined };

function show(address: string, rows: Room[] = ROOMS, query: Query = OK) {
  addresses = [];
  return inApp(
    <>
      <Rooms rows={rows} query={query} />
      <Address />
    </>,
    [`/rooms${address}`],
  );
}

const address = () => screen.getByTestId('address').textContent ?? '';
const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const cellText = (row: HTMLElement | undefined, index: number) =>
  row ? (within(row).getAllByRole('cell').at(index)?.textContent ?? '') : '';
const names = () => bodyRows().map((row) => cellText(row, 0));

describe('list params in the address', () => {
  it('reads defaults from a plain address and leaves defaults out when it writes', () => {
    const plain = readListParams(new URLSearchParams(''), CONFIG);
    expect(plain).toEqual({
      search: '',
      page: 1,
      pageSize: 10,
      sort: null,
      showArchived: false,
      filters: { level: null },
    });
    const written = writeListParams(
      new URLSearchParams('guId=x&page=3'),
      { search: 'yoga', pageSize: 10, showArchived: false },
      CONFIG,
    );
    // a change other than the page goes back to page 1; keys the list does not own stay
    expect(written.toString()).toBe('guId=x&q=yoga');
  });

  it('reads a default order when the address has none, and leaves it out when it is chosen again', () => {
    const config = { ...CONFIG, defaultSort: { column: 'name', direction: 'asc' as const } };
    expect(readListParams(new URLSearchParams(''), config).sort).toEqual({ column: 'name', direction: 'asc' });
    const byEmail = writeListParams(new URLSearchParams(''), { sort: { column: 'email', direction: 'asc' } }, config);
    expect(byEmail.toString()).toBe('sort=email');
    const back = writeListParams(byEmail, { sort: { column: 'name', direction: 'asc' } }, config);
    expect(back.toString()).toBe('');
  });

  it('reads malformed values as defaults', () => {
    const params = readListParams(new URLSearchParams('page=-2&size=7&sort=1%3Bdrop&archived=yes'), CONFIG);
    expect(params).toMatchObject({ page: 1, pageSize: 10, sort: null, showArchived: false });
    expect(readListParams(new URLSearchParams('page=4&size=25&sort=-seats&archived=1&level=First'), CONFIG)).toEqual({
      search: '',
      page: 4,
      pageSize: 25,
      sort: { column: 'seats', direction: 'desc' },
      showArchived: true,
      filters: { level: 'First' },
    });
  });
});

describe('ListScreen', () => {
  it('shows the search, filter, archived switch, sort and page an address names (a reload or a shared link)', () => {
    show('?q=room%201&level=First&archived=1&sort=-name&page=2&size=10');
    expect(screen.getByRole('textbox', { name: 'Search rooms' })).toHaveProperty('value', 'room 1');
    expect(screen.getAllByLabelText('Level')[0]).toHaveProperty('value', 'First');
    expect(screen.getByRole('switch', { name: 'Show archived' })).toHaveProperty('checked', true);
    // "room 1" finds Room 01, 10-19 and 21 (12 rooms); sorted Z to A, page 2 holds the last two
    expect(names()).toEqual(['Room 10', 'Room 01']);
    expect(screen.getByText('11–12 of 12')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('sends the search to the address once typing rests, on page 1, without a history step per key', async () => {
    // The debounce's clock is the test's: on a loaded machine a render between two keys can outlast it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      show('?page=2');
      const box = screen.getByRole('textbox', { name: 'Search rooms' });
      fireEvent.change(box, { target: { value: 'R' } });
      fireEvent.change(box, { target: { value: 'Ro' } });
      fireEvent.change(box, { target: { value: 'Room 2' } });
      // not yet: the list still shows page 2 of everything
      expect(address()).toBe('?page=2');
      expect(names()).toHaveLength(10);
      act(() => {
        vi.advanceTimersByTime(1000);
      });
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(address()).toBe('?q=Room+2'));
    expect(addresses.filter((search) => search.includes('q=')).every((search) => search === '?q=Room+2')).toBe(true);
    expect(names()).toEqual(['Room 02', 'Room 12', 'Room 20', 'Room 21', 'Room 22', 'Room 23']);
  });

  it('pages, sorts and filters through the address', () => {
    show('');
    expect(names()).toHaveLength(10);
    expect(screen.getByText('1–10 of 23')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(address()).toBe('?page=2');
    expect(names()[0]).toBe('Room 11');
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(address()).toBe('?page=3');
    expect(names()).toEqual(['Room 21', 'Room 22', 'Room 23']);

    // a sort goes back to page 1: ascending, then descending, then the server's order
    fireEvent.click(screen.getByRole('button', { name: /Seats/ }));
    expect(address()).toBe('?sort=seats');
    expect(names()[0]).toBe('Room 01');
    fireEvent.click(screen.getByRole('button', { name: /Seats/ }));
    expect(address()).toBe('?sort=-seats');
    expect(screen.getByRole('columnheader', { name: /Seats/ }).getAttribute('aria-sort')).toBe('descending');
    expect(cellText(bodyRows()[0], 1)).toBe('29');
    fireEvent.click(screen.getByRole('button', { name: /Seats/ }));
    expect(address()).toBe('');

    fireEvent.click(screen.getByRole('switch', { name: 'Show archived' }));
    expect(address()).toBe('?archived=1');
  });

  it('says what to do next when there is nothing yet, and "none match" when a search finds nothing', async () => {
    show('', []);
    expect(screen.getByText('No rooms yet.')).toBeTruthy();
    expect(screen.getByText('Add a room with Add Room.')).toBeTruthy();
    cleanup();
    show('?q=attic');
    expect(screen.getByText('No rooms match.')).toBeTruthy();
    expect(screen.queryByText('Add a room with Add Room.')).toBeNull();
  });

  it('shows progress while loading, and an error with a Retry that asks again', () => {
    show('', [], { isPending: true, isError: false, refetch: () => undefined });
    expect(screen.getByLabelText('Loading rooms')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    cleanup();
    const refetch = vi.fn();
    show('', [], { isPending: false, isError: true, refetch });
    expect(screen.getByText('Rooms could not be loaded')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('goes to the last page when a shared address names a page past the end', async () => {
    show('?page=9');
    await waitFor(() => expect(address()).toBe('?page=3'));
    expect(names()).toEqual(['Room 21', 'Room 22', 'Room 23']);
  });

  it('keeps each row a row for screen readers, with its actions, and names each cell for the phone card', () => {
    show('?size=25');
    const row = screen.getByRole('row', { name: /Room 07/ });
    expect(within(row).getByRole('button', { name: 'Edit Room 07' })).toBeTruthy();
    // the card's label is the cell's data-label (generated content), not text of the cell
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(['Name', 'Seats', null]);
    expect(cells[0]?.textContent).toBe('Room 07');
    expect(bodyRows()).toHaveLength(23);
  });

  it('shows the search an address gets from outside (Back) without sending the older text back', async () => {
    addresses = [];
    let back = () => {};
    function BackButton() {
      const navigate = useNavigate();
      back = () => navigate(-1);
      return null;
    }
    inApp(
      <>
        <Rooms rows={ROOMS} query={OK} />
        <Address />
        <BackButton />
      </>,
      ['/rooms?q=Room+1', '/rooms?q=Room+2'],
      1,
    );
    const box = screen.getByRole('textbox', { name: 'Search rooms' });
    expect(box).toHaveProperty('value', 'Room 2');
    act(() => back());
    expect(address()).toBe('?q=Room+1');
    expect(box).toHaveProperty('value', 'Room 1');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 400));
    });
    expect(address()).toBe('?q=Room+1');
  });

  it('opens a row on a click or Enter, and a row action does only its own thing', () => {
    const opened: string[] = [];
    const edited: string[] = [];
    function Clickable() {
      const list = useListState(CONFIG);
      return (
        <ListScreen
          id="rooms"
          header={<h2>Rooms of the studio</h2>}
          tableLabel="Rooms"
          list={list}
          query={OK}
          rows={ROOMS.slice(0, 2)}
          rowKey={(room) => room.id}
          columns={COLUMNS}
          rowActions={(room) => (
            <button type="button" onClick={() => edited.push(room.id)}>
              Edit {room.name}
            </button>
          )}
          onRowClick={(room) => opened.push(room.id)}
          noun="rooms"
          emptyHint="Add a room."
        />
      );
    }
    inApp(<Clickable />);
    expect(screen.getByRole('table', { name: 'Rooms' })).toBeTruthy();
    fireEvent.click(screen.getByRole('row', { name: /Room 01/ }));
    fireEvent.keyDown(screen.getByRole('row', { name: /Room 02/ }), { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Room 02' }));
    expect(opened).toEqual(['r1', 'r2']);
    expect(edited).toEqual(['r2']);
  });

  it('picks rows for a bulk action, one by one or the whole page, without opening them', () => {
    const opened: string[] = [];
    let picked = new Set<string>();
    function Pickable() {
      const list = useListState(CONFIG);
      const [selected, setSelected] = useState<Set<string>>(new Set());
      picked = selected;
      return (
        <ListScreen
          id="rooms"
          title="Rooms"
          list={list}
          query={OK}
          rows={ROOMS.slice(0, 3)}
          rowKey={(room) => room.id}
          columns={COLUMNS}
          selection={{
            selected,
            onChange: setSelected,
            rowLabel: (room) => `Select ${room.name}`,
            allLabel: 'Select all rooms on this page',
          }}
          onRowClick={(room) => opened.push(room.id)}
          noun="rooms"
          emptyHint="Add a room."
        />
      );
    }
    inApp(<Pickable />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Room 02' }));
    expect([...picked]).toEqual(['r2']);
    expect(opened).toEqual([]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rooms on this page' }));
    expect([...picked].sort()).toEqual(['r1', 'r2', 'r3']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rooms on this page' }));
    expect(picked.size).toBe(0);
  });
});

/** Rooms by floor: one table per floor, the rows of the page only; or the whole list unpaged. */
function RoomsByFloor({ paging }: { paging?: false }) {
  const list = useListState(CONFIG);
  const floor = (room: Room) => (Number(room.id.slice(1)) % 2 === 0 ? 'Even' : 'Odd');
  return (
    <ListScreen
      id="floors"
      title="Rooms by floor"
      list={list}
      search={{ label: 'Search rooms', text: (room) => room.name }}
      query={OK}
      rows={ROOMS}
      groups={(rows) =>
        ['Odd', 'Even'].map((name) => ({
          key: name.toLowerCase(),
          title: `${name} rooms`,
          rows: rows.filter((room) => floor(room) === name),
        }))
      }
      paging={paging}
      rowKey={(room) => room.id}
      columns={COLUMNS}
      noun="rooms"
      emptyHint="Add a room with Add Room."
    />
  );
}

describe('ListScreen groups and paging', () => {
  const showGrouped = (address: string, paging?: false) =>
    inApp(<RoomsByFloor paging={paging} />, [`/floors${address}`]);
  const groupNames = (title: string) =>
    within(within(screen.getByRole('region', { name: title })).getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => cellText(row, 0));

  it('shows one table per group, each in a section named by its title, with the rows of the page', () => {
    showGrouped('?page=2');
    // page 2 of 10 holds rooms 11 to 20
    expect(groupNames('Odd rooms')).toEqual(['Room 11', 'Room 13', 'Room 15', 'Room 17', 'Room 19']);
    expect(groupNames('Even rooms')).toEqual(['Room 12', 'Room 14', 'Room 16', 'Room 18', 'Room 20']);
    expect(screen.getByText('11–20 of 23')).toBeTruthy();
  });

  it('shows every row with no pager when the list is not paged', () => {
    showGrouped('?page=2', false);
    expect(groupNames('Odd rooms')).toHaveLength(12);
    expect(groupNames('Even rooms')).toHaveLength(11);
    expect(screen.queryByText(/of 23/)).toBeNull();
  });
});
