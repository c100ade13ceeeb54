module example.com/kv/v2

go 1.26.0
