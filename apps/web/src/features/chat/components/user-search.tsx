import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useId, useState, type KeyboardEvent } from 'react';
import type { ChatUser } from '@rentdrive/contracts/chat';
import { controlClasses } from '../../../components/ui/form-fields';
import { cn } from '../../../lib/cn';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSearchUsers } from '../api/search-users';
import { Avatar } from './avatar';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * 'Search users...' with a dropdown of matches (a combobox: arrows move, Enter picks, Escape
 * closes). Picking a user clears the box.
 */
export function UserSearch({ onPick }: { onPick: (user: ChatUser) => void }) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);
  const [isOpen, setIsOpen] = useState(false);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const search = useSearchUsers(debounced);
  const listId = useId();
  const inputId = useId();
  const query = debounced.trim();
  const results = query === '' ? [] : (search.data ?? []);
  const showList = isOpen && text.trim() !== '' && query !== '';

  function pick(user: ChatUser) {
    onPick(user);
    setText('');
    setIsOpen(false);
    setActiveIndex(0);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setIsOpen(true);
      setActiveIndex((i) => Math.min(i + 1, Math.max(results.length - 1, 0)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActiveIndex((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter' && showList && results[activeIndex]) {
      event.preventDefault();
      pick(results[activeIndex]);
    } else if (event.key === 'Escape') {
      setIsOpen(false);
    }
  }

  return (
    <div className="relative">
      <label htmlFor={inputId} className="sr-only">
        <Trans>Search users</Trans>
      </label>
      <input
        id={inputId}
        type="search"
        role="combobox"
        autoComplete="off"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && results[activeIndex] ? `${listId}-${results[activeIndex].userId}` : undefined}
        placeholder={t`Search users...`}
        value={text}
        maxLength={100}
        onChange={(event) => {
          setText(event.target.value);
          setIsOpen(true);
          setActiveIndex(0);
        }}
        onFocus={() => setIsOpen(true)}
        onBlur={() => setIsOpen(false)}
        onKeyDown={handleKeyDown}
        className={controlClasses(false, 'h-10')}
      />
      {showList && (
        <ul
          id={listId}
          role="listbox"
          aria-label={t`Matching users`}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-control border border-slate-200 bg-white py-1 shadow-lg"
        >
          {search.isError ? (
            <li className="px-3 py-2 text-sm text-danger">
              <Trans>Failed to fetch users</Trans>
            </li>
          ) : search.isPending || (search.isFetching && results.length === 0) ? (
            <li className="px-3 py-2 text-sm text-slate-600">
              <Trans>Searching...</Trans>
            </li>
          ) : results.length === 0 ? (
            <li className="px-3 py-2 text-sm text-slate-600">
              <Trans>No users found</Trans>
            </li>
          ) : (
            results.map((user, index) => (
              <li
                key={user.userId}
                id={`${listId}-${user.userId}`}
                role="option"
                aria-selected={index === activeIndex}
                // mousedown keeps focus in the input, so blur does not close the list before the pick
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(user);
                }}
                onMouseEnter={() => setActiveIndex(index)}
                className={cn(
                  'flex cursor-pointer items-center gap-3 px-3 py-2 text-sm',
                  index === activeIndex ? 'bg-accent-50' : 'bg-white',
                )}
              >
                <Avatar username={user.username} className="size-8 text-sm" />
                <span className="truncate font-medium text-slate-900">{user.username}</span>
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
