import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { Link as RouterLink, useLocation } from 'react-router';
import { usePermissions } from '../access/use-permissions';
import { preloadRoute } from '../app/route-preload';
import { useTranslation } from '../i18n/use-translation';
import { isRouteActive, isSectionActive, type MenuItem, type MenuSection, TOP_MENU_ITEMS } from './menu';
import { useExpandedSections } from './use-expanded-sections';
import { useVisibleSections } from './use-visible-sections';

/**
 * The drawer's navigation: top entries, then the collapsible module sections (spec §2), each with the
 * items the administrator may list.
 */
export function DrawerMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { isExpanded, toggle } = useExpandedSections();
  const sections = useVisibleSections();
  const check = usePermissions();
  // A top item with resources (Reports) shows when the administrator may list one of them.
  const topItems = TOP_MENU_ITEMS.filter(
    (item) => !item.resources || item.resources.some((resource) => check?.can(resource, 'list')),
  );
  return (
    <List component="nav" aria-label={t('menu.label')} sx={{ flexGrow: 1, overflowY: 'auto' }}>
      {topItems.map((item) => (
        <MenuLink key={item.route} item={item} pathname={pathname} onNavigate={onNavigate} />
      ))}
      {sections.map((section) => (
        <Section
          key={section.id}
          section={section}
          pathname={pathname}
          expanded={isExpanded(section.id)}
          onToggle={() => toggle(section.id)}
          onNavigate={onNavigate}
        />
      ))}
    </List>
  );
}

interface SectionProps {
  section: MenuSection;
  pathname: string;
  expanded: boolean;
  onToggle: () => void;
  onNavigate: (() => void) | undefined;
}

function Section({ section, pathname, expanded, onToggle, onNavigate }: SectionProps) {
  const { t } = useTranslation();
  const listId = `menu-section-${section.id}`;
  // A closed section that holds the current page is tinted, so the page's place stays visible.
  const containsCurrent = isSectionActive(pathname, section);
  return (
    <>
      <ListItemButton
        onClick={() => {
          // Opening a section is the step before one of its pages: their code starts downloading now.
          if (!expanded) for (const item of section.items) preloadRoute(item.route);
          onToggle();
        }}
        aria-expanded={expanded}
        aria-controls={listId}
      >
        <ListItemIcon>
          <section.icon color={containsCurrent ? 'primary' : undefined} />
        </ListItemIcon>
        <ListItemText
          primary={t(section.labelKey)}
          slotProps={{
            primary: { sx: containsCurrent ? { color: 'primary.main', fontWeight: 500 } : undefined },
          }}
        />
        {expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
      </ListItemButton>
      <Collapse in={expanded} timeout="auto" unmountOnExit>
        <List id={listId} disablePadding>
          {/* A list holds list items only: each link sits in an <li>. */}
          {section.items.map((item) => (
            <ListItem key={item.route} disablePadding>
              <MenuLink item={item} pathname={pathname} onNavigate={onNavigate} nested />
            </ListItem>
          ))}
        </List>
      </Collapse>
    </>
  );
}

interface MenuLinkProps {
  item: MenuItem;
  pathname: string;
  onNavigate: (() => void) | undefined;
  nested?: boolean;
}

function MenuLink({ item, pathname, onNavigate, nested = false }: MenuLinkProps) {
  const { t } = useTranslation();
  const selected = isRouteActive(pathname, item.route);
  return (
    <ListItemButton
      component={RouterLink}
      to={item.route}
      selected={selected}
      aria-current={selected ? 'page' : undefined}
      onClick={onNavigate}
      // Pointing at a link or focusing it comes a moment before following it.
      onMouseEnter={() => preloadRoute(item.route)}
      onFocus={() => preloadRoute(item.route)}
      sx={nested ? { pl: 4 } : undefined}
    >
      <ListItemIcon>
        <item.icon fontSize={nested ? 'small' : 'medium'} />
      </ListItemIcon>
      <ListItemText primary={t(item.labelKey)} />
    </ListItemButton>
  );
}
