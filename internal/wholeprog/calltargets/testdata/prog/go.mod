module example.test/prog

go 1.26
