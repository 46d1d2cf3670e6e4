-- For tests/test_databases.rs: a table the migration seeds and one it leaves empty.
CREATE TABLE seeded (name text PRIMARY KEY);
INSERT INTO seeded (name) VALUES ('kept');
CREATE TABLE filled (id bigint PRIMARY KEY, seeded text REFERENCES seeded (name));
