ALTER TABLE sources ADD COLUMN redact_headers TEXT NOT NULL DEFAULT '';

UPDATE sources
   SET event_type_json_pointer = replace(replace(replace(replace(replace(event_type_json_pointer,
           '~0', char(1)), '~1', char(2)), '~', '~0'), char(1), '~0'), char(2), '~1')
 WHERE replace(replace(event_type_json_pointer, '~0', ''), '~1', '') LIKE '%~%'
   AND instr(event_type_json_pointer, char(1)) = 0
   AND instr(event_type_json_pointer, char(2)) = 0;

WITH RECURSIVE split (id, rest, filter) AS (
    SELECT id, event_types || char(10), NULL FROM routes WHERE event_types <> ''
    UNION ALL
    SELECT id, substr(rest, instr(rest, char(10)) + 1), substr(rest, 1, instr(rest, char(10)) - 1)
      FROM split
     WHERE rest <> ''),
canonical (id, event_types) AS (
    SELECT id, group_concat(filter, char(10) ORDER BY filter)
      FROM (SELECT DISTINCT id, filter FROM split WHERE filter IS NOT NULL)
     GROUP BY id)
UPDATE routes SET event_types = canonical.event_types FROM canonical WHERE canonical.id = routes.id;

DELETE FROM routes
 WHERE EXISTS (SELECT 1 FROM routes AS older
                WHERE older.source_id = routes.source_id AND older.target_id = routes.target_id
                  AND older.event_types = routes.event_types AND older.id < routes.id);

CREATE UNIQUE INDEX routes_once ON routes (source_id, target_id, event_types);
